// The three Workers running locally on one state folder, each host on its own port: npm start, the e2e run and the
// deploy rehearsal's smoke check.
//
// One wrangler dev, not three: the Workers share one D1 database, R2 bucket, KV namespace and queues, and three
// `wrangler dev` processes on one state folder meet "database is locked" as soon as two of them write at once. So one
// `wrangler dev` runs a small gateway Worker (scripts/dev-gateway) with the three as auxiliary Workers, and this
// module listens on each host's port and hands every request to the gateway, saying which host it was for. In one
// runtime the image host's indexing jobs also reach the JSON host's queue consumer, as in production.
import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import { createServer } from "node:net";
import { dirname, relative } from "node:path";
import { ROOT } from "./local-env.mjs";

const HOST = "127.0.0.1";
// Offline, wrangler cannot fetch the Request.cf template and says so with a stack trace; it is harmless.
const OFFLINE_NOISE = /Request\.cf|ENOTFOUND workers\.cloudflare\.com|GetAddrInfoReqWrap/;
export const DEFAULT_PORTS = { img: 8787, api: 8788, beta: 8789, gateway: 8790, inspector: 9230 };

/** Ports nobody listens on now (the system picks them), for a run beside another one such as your own npm start. */
export async function freePorts() {
  // Each port is held until all are chosen, so no two names get the same one.
  const held = [];
  const ports = {};
  for (const name of Object.keys(DEFAULT_PORTS)) {
    const server = createServer();
    await new Promise((resolve, reject) => server.once("error", reject).listen(0, HOST, resolve));
    held.push(server);
    ports[name] = server.address().port;
  }
  await Promise.all(held.map((s) => new Promise((resolve) => s.close(resolve))));
  return ports;
}

/** Whether every one of `ports` can be listened on now. */
export async function portsFree(ports) {
  for (const port of Object.values(ports)) {
    const server = createServer();
    const free = await new Promise((resolve) => server.once("error", () => resolve(false)).listen(port, HOST, () => resolve(true)));
    if (free) await new Promise((resolve) => server.close(resolve));
    if (!free) return false;
  }
  return true;
}

export const hostUrls = (ports) => ({ img: `http://localhost:${ports.img}`, api: `http://localhost:${ports.api}`, beta: `http://localhost:${ports.beta}` });

/** The gateway's config, beside the Workers' generated ones, bound to them by their names. */
function writeGatewayConfig(configs) {
  const dir = dirname(dirname(configs.img));
  const path = `${dir}/gateway.json`;
  const name = (worker) => JSON.parse(readFileSync(configs[worker], "utf8")).name;
  const config = {
    name: "brand-dev-gateway",
    main: relative(dir, `${ROOT}scripts/dev-gateway/index.ts`),
    compatibility_date: "2026-08-01",
    services: [
      { binding: "IMG", service: name("img") },
      { binding: "API", service: name("api") },
      { binding: "BETA", service: name("beta") },
    ],
  };
  writeFileSync(path, `${JSON.stringify(config, null, 2)}\n`);
  return path;
}

/**
 * Starts the Workers of `configs` (paths by worker) on `persistTo` and serves each host on its port.
 * @returns {Promise<{ urls: { img: string, api: string, beta: string }, stop: (code?: number) => Promise<void>, exited: Promise<number> }>}
 */
export async function startLocalServices({ configs, persistTo, ports, log = (line) => process.stdout.write(`${line}\n`), timeoutMs = 120_000 }) {
  const gateway = writeGatewayConfig(configs);
  const child = spawn(
    process.execPath,
    [
      `${ROOT}node_modules/wrangler/bin/wrangler.js`,
      "dev",
      "-c", gateway,
      "-c", configs.img,
      "-c", configs.api,
      "-c", configs.beta,
      "--ip", HOST,
      "--port", String(ports.gateway),
      "--inspector-port", String(ports.inspector),
      "--persist-to", persistTo,
      "--show-interactive-dev-session=false",
    ],
    { cwd: ROOT, env: { ...process.env, WRANGLER_SEND_METRICS: "false", NO_UPDATE_NOTIFIER: "1" }, stdio: ["ignore", "pipe", "pipe"], detached: true },
  );
  const relay = (chunk) => {
    for (const line of chunk.toString().split("\n")) if (line.trim() && !OFFLINE_NOISE.test(line)) log(`[workers] ${line}`);
  };
  child.stdout.on("data", relay);
  child.stderr.on("data", relay);
  const exited = new Promise((resolve) => child.on("exit", (code) => resolve(code ?? 1)));

  const urls = hostUrls(ports);
  const servers = ["img", "api", "beta"].map((name) =>
    http.createServer((req, res) => forward(ports.gateway, name, `${urls[name]}${req.url}`, req, res)).listen(ports[name], HOST),
  );
  const stop = async () => {
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
    if (child.exitCode === null) {
      // Its own process group: wrangler and the workerd it started.
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        // gone already
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid, "SIGKILL");
        } catch {
          // gone already
        }
      }, 10_000);
      await exited;
      clearTimeout(timer);
    }
  };

  const started = Date.now();
  for (const name of ["img", "api", "beta"]) {
    while (!(await answers(`${urls[name]}/openapi.json`))) {
      if (child.exitCode !== null || Date.now() - started > timeoutMs) {
        await stop();
        throw new Error(`the local Workers did not come up (${child.exitCode === null ? `${timeoutMs / 1000} s` : `wrangler dev exited ${child.exitCode}`})`);
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }
  return { urls, stop, exited };
}

/** Whether `url` answers 2xx within 2 seconds. */
export async function answers(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

/** Hands one request to the gateway, with the host it was for and its URL as the client sent it, and streams back. */
function forward(gatewayPort, target, url, req, res) {
  const upstream = http.request(
    { host: HOST, port: gatewayPort, method: req.method, path: "/", headers: { ...req.headers, "x-dev-target": target, "x-dev-url": url } },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
      answer.pipe(res);
    },
  );
  upstream.on("error", () => {
    if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
    res.end("The local Workers are not answering (still starting, or stopped).\n");
  });
  req.pipe(upstream);
}
