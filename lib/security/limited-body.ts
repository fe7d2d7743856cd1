export type LimitedBody = { ok: true; bytes: Uint8Array } | { ok: false; cancel: () => Promise<void> };

/**
 * A request's body read as a stream up to `maxBytes`, whatever its framing: a declared Content-Length over the limit
 * is refused unread, and a chunked body has none to check. Past the limit the caller gets `cancel`, to call once its
 * answer is sent: cancelling the body closes the connection, and before the answer that would lose the answer too.
 */
export async function readBodyUpTo(request: Request, maxBytes: number): Promise<LimitedBody> {
  if (Number(request.headers.get("content-length") ?? 0) > maxBytes) return { ok: false, cancel: async () => {} };
  if (!request.body) return { ok: true, bytes: new Uint8Array() };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) return { ok: false, cancel: () => reader.cancel() };
    chunks.push(value);
  }
  return { ok: true, bytes: Buffer.concat(chunks) };
}
