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

describe("readBodyUpTo", () => {
  it("reads a body up to the limit whole, as text", async () => {
    const { stream } = generated(64);
    expect(await readBodyUpTo(stream, 64 * KB)).toEqual({ ok: true, text: "a".repeat(64 * KB) });
    expect(await readBodyUpTo(null, 64 * KB)).toEqual({ ok: true, text: "" });
  });

  it("stops pulling a longer body just past the limit, and hands back its reader to cancel", async () => {
    const { stream, source } = generated(300 * KB);
    const read = await readBodyUpTo(stream, 64 * KB);
    expect(read.ok).toBe(false);
    expect(source.pulled).toBe(65);
    if (!read.ok) await read.reader.cancel();
    expect(source.cancelled).toBe(true);
  });
});
