// Reads the request body as the spec orders it: 415 for a non-JSON content type, 413 past its limit (8,192 bytes for
// one transaction), 400 for JSON that does not parse. A body with a Content-Length is read whole (the runtime
// delivers exactly that many bytes, so the header's check is the size check); one without (chunked) is counted while
// it streams.
import { MAX_BODY_BYTES } from "@brand/core/beta/request";
import { AppError } from "@brand/core/errors";

export async function readJsonBody(request: Request, maxBytes = MAX_BODY_BYTES): Promise<unknown> {
  const mediaType = request.headers.get("content-type")?.split(";")[0].trim().toLowerCase();
  if (mediaType !== "application/json") {
    throw new AppError("unsupported_media_type", "Content-Type must be application/json.");
  }
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw tooLarge(maxBytes);
  const bytes = request.headers.has("content-length") ? await request.arrayBuffer() : await readAtMost(request, maxBytes);
  try {
    return JSON.parse(UTF8.decode(bytes));
  } catch {
    throw new AppError("bad_request", "The body is not valid JSON.");
  }
}

const UTF8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

/** The 413 for a body over `maxBytes`: the single endpoint's, and a batch item's over the single limit. */
export const tooLarge = (maxBytes: number) => new AppError("payload_too_large", `The body is over ${maxBytes.toLocaleString("en-US")} bytes.`);

async function readAtMost(request: Request, limit: number): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}
