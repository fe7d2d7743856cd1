export type LimitedBody = { ok: true; text: string } | { ok: false; reader: ReadableStreamDefaultReader<Uint8Array> };

/**
 * A request body read as a stream up to `maxBytes`, whatever its framing (a chunked body has no Content-Length to
 * check). Past the limit the caller gets the reader back, to cancel once its answer is sent: cancelling the body
 * closes the connection, and before the answer that would lose the answer too.
 */
export async function readBodyUpTo(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<LimitedBody> {
  if (!body) return { ok: true, text: "" };
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) return { ok: false, reader };
    chunks.push(value);
  }
  return { ok: true, text: Buffer.concat(chunks).toString("utf8") };
}
