// A page's bytes as UTF-8: its character set found as a browser finds it (BOM, Content-Type, <meta>).
//
// HTMLRewriter reads bytes as UTF-8 unless the Content-Type names another ASCII-compatible charset, and it never looks
// at <meta charset>. So the page is decoded here, as a browser would (a BOM, else the Content-Type charset, else a
// <meta> in the first 1024 bytes, else UTF-8), and handed on as UTF-8.

/** The first `maxBytes` of the body, as UTF-8 bytes; null without a body. */
export async function utf8Body(response: Response, maxBytes: number): Promise<ReadableStream<Uint8Array> | null> {
  if (!response.body) return null;
  const reader = response.body.getReader();
  const prefix: Uint8Array[] = [];
  let prefixBytes = 0;
  let ended = false;
  // A read that fails (a reset connection, a broken gzip) ends the page there: what came before still counts.
  const read = () => reader.read().catch(() => ({ done: true as const, value: undefined }));
  while (prefixBytes < 1024) {
    const { done, value } = await read();
    if (done) {
      ended = true;
      break;
    }
    if (value.byteLength === 0) continue;
    prefix.push(value);
    prefixBytes += value.byteLength;
  }
  const head = concat(prefix, 1024);
  const encoding = bomEncoding(head) ?? headerEncoding(response.headers.get("content-type")) ?? metaEncoding(head) ?? "utf-8";

  let sent = 0;
  const bytes = new ReadableStream<Uint8Array>({
    // Each pull enqueues a chunk or closes: a pull that returned with neither would leave the reader waiting.
    async pull(controller) {
      for (;;) {
        let next = prefix.shift();
        if (!next && !ended) {
          const chunk = await read();
          if (chunk.done) ended = true;
          else next = chunk.value;
        }
        if (!next) {
          controller.close();
          return;
        }
        const chunk = next.subarray(0, maxBytes - sent);
        sent += chunk.byteLength;
        if (chunk.byteLength > 0) controller.enqueue(chunk);
        if (sent >= maxBytes) {
          controller.close();
          ended = true;
          await reader.cancel().catch(() => {});
          return;
        }
        if (chunk.byteLength > 0) return;
      }
    },
    async cancel() {
      await reader.cancel().catch(() => {});
    },
  });
  if (encoding === "utf-8") return bytes;
  return bytes.pipeThrough(new TextDecoderStream(encoding)).pipeThrough(new TextEncoderStream());
}

function concat(chunks: Uint8Array[], limit: number): Uint8Array {
  const out = new Uint8Array(Math.min(limit, chunks.reduce((n, c) => n + c.byteLength, 0)));
  let offset = 0;
  for (const chunk of chunks) {
    if (offset >= out.length) break;
    const part = chunk.subarray(0, out.length - offset);
    out.set(part, offset);
    offset += part.byteLength;
  }
  return out;
}

function bomEncoding(head: Uint8Array): string | null {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return "utf-8";
  if (head[0] === 0xfe && head[1] === 0xff) return "utf-16be";
  if (head[0] === 0xff && head[1] === 0xfe) return "utf-16le";
  return null;
}

/** The WHATWG encoding a label names, or null when the runtime does not know it. */
function encodingFor(label: string | undefined, fromMeta = false): string | null {
  if (!label) return null;
  try {
    const encoding = new TextDecoder(label.trim().replace(/^["']|["']$/g, "")).encoding;
    // A <meta> cannot switch to UTF-16 (the bytes read it as ASCII), and x-user-defined is read as windows-1252.
    if (fromMeta && encoding.startsWith("utf-16")) return "utf-8";
    return encoding === "x-user-defined" ? "windows-1252" : encoding;
  } catch {
    return null;
  }
}

function headerEncoding(contentType: string | null): string | null {
  return encodingFor(/;\s*charset\s*=\s*("?)([^";,\s]+)\1/i.exec(contentType ?? "")?.[2]);
}

function metaEncoding(head: Uint8Array): string | null {
  const text = new TextDecoder("windows-1252").decode(head);
  for (const tag of text.match(/<meta\b[^>]*>/gi) ?? []) {
    const direct = /\bcharset\s*=\s*["']?\s*([a-z0-9_:.\-]+)/i.exec(tag);
    if (direct) return encodingFor(direct[1], true);
  }
  return null;
}
