// The baseline Worker every bench measures against (baseline-worker/): a copy in the bench's state folder that answers
// with the measured Worker's own bytes and headers from memory, under wrangler dev on the same runtime. It runs with
// the trip counter too (trips.mjs), as the measured Worker does: both pay its small cost, and the baseline's paths,
// whose trips are known by construction, check the counter.
import { appendFileSync, cpSync, mkdirSync, writeFileSync } from "node:fs";
import { countedEntry } from "./trips.mjs";
import { startWranglerDev } from "./wrangler.mjs";

const RUNTIME_HEADERS = ["date", "content-length", "connection", "keep-alive", "transfer-encoding"];

/**
 * The measured response's headers for the baseline to repeat, without those the runtime sets itself. JSON answers
 * also drop Content-Encoding: fetch() asks for gzip and wrangler dev compresses JSON on the way out, while the load
 * client asks for no encoding, so both Workers send the same identity bytes (copying the header would make the
 * baseline gzip every response).
 */
export function replayableHeaders(response, { dropEncoding }) {
  const skip = new Set([...RUNTIME_HEADERS, ...(dropEncoding ? ["content-encoding"] : [])]);
  return Object.fromEntries([...response.headers].filter(([name]) => !skip.has(name)));
}

/**
 * Starts the baseline answering with `body` and `headers`. `extraToml` adds bindings a bench's diagnostics need (the
 * beta's Durable Object), `vars` its variables.
 */
export async function startBaseline({ stateDir, body, headers, port, inspectorPort, extraToml = "", vars, log }) {
  const dir = `${stateDir}/baseline-worker`;
  mkdirSync(dir, { recursive: true });
  cpSync(new URL("../baseline-worker/", import.meta.url), dir, { recursive: true });
  writeFileSync(`${dir}/payload.bin`, body);
  writeFileSync(`${dir}/payload-headers.json`, JSON.stringify(headers));
  if (extraToml) appendFileSync(`${dir}/wrangler.toml`, extraToml);
  log(`starting the baseline Worker on 127.0.0.1:${port}…`);
  const script = countedEntry(`${dir}/index.ts`, dir);
  return startWranglerDev({ config: `${dir}/wrangler.toml`, script, port, inspectorPort, persistTo: `${stateDir}/baseline-persist`, vars });
}
