import { describe, expect, it } from "vitest";
import { readBodyUpTo } from "./limited-body";

const KB = 1024;

/** A body of `chunks` chunks of 1 kB made up as it is read, counting what was pulled and whether it was cancelled. */
function generated(chunks: number) {
  const source = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (source.pulled === chunks) return controller.close();
        source.pulled++;
        controller.enqueue(new Uint8Array(KB).fill(0x61));
      },
      cancel() {
        source.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, source };
}

const posted = (body: ReadableStream<Uint8Array> | string | null, headers: Record<string, string> = {}) =>
  new Request("http://localhost/", { method: "POST", body, headers, duplex: "half" } as RequestInit);

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe("readBodyUpTo", () => {
  it("reads a body up to the limit whole", async () => {
    const { stream } = generated(64);
    const read = await readBodyUpTo(posted(stream), 64 * KB);
    expect(read.ok && text(read.bytes)).toBe("a".repeat(64 * KB));
    const empty = await readBodyUpTo(posted(null), 64 * KB);
    expect(empty.ok && empty.bytes.byteLength).toBe(0);
  });

  it("refuses a declared Content-Length over the limit without reading the body", async () => {
    const { stream, source } = generated(300);
    const read = await readBodyUpTo(posted(stream, { "content-length": String(300 * KB) }), 64 * KB);
    expect(read.ok).toBe(false);
    expect(source.pulled).toBe(0);
  });

  it("stops pulling a longer body just past the limit, and cancels it only when asked, after the answer", async () => {
    const { stream, source } = generated(300 * KB);
    const read = await readBodyUpTo(posted(stream), 64 * KB);
    expect(read.ok).toBe(false);
    expect(source.pulled).toBe(65);
    expect(source.cancelled).toBe(false);
    if (!read.ok) await read.cancel();
    expect(source.cancelled).toBe(true);
  });
});
