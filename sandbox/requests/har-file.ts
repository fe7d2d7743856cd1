import { open } from "node:fs/promises";

// Reading a HAR someone hands the sandbox (--health, --from): as a stream up to a byte bound, then its entries counted
// and its nesting measured before anything walks it, so a huge, malformed or hostile file costs bounded time and
// memory and is refused with its size and the reason.

export const HAR_BOUNDS = { bytes: 16 * 1024 * 1024, entries: 20_000, depth: 64 };

export type HarEntry = {
  startedDateTime: string;
  request: { method: string; url: string; headers?: { name: string; value: string }[]; postData?: { text?: string } };
  response: { status: number; content?: { text?: string; mimeType?: string; comment?: string } };
  _sandbox?: { bearer_user?: number | null };
};

const ASK = "give a HAR 1.2 file, e.g. one from GET /__sandbox/requests.har or npm run sandbox -- --record";

/** How deep `value` nests, walked without recursion; past `limit` the walk stops. */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (typeof node !== "object" || node === null) continue;
    if (depth + 1 > limit) return true;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return false;
}

async function boundedText(file: string, bytes: number): Promise<string | { size: number } | undefined> {
  let handle;
  try {
    handle = await open(file);
  } catch {
    return undefined;
  }
  try {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of handle.createReadStream({ highWaterMark: 1024 * 1024 }) as AsyncIterable<Buffer>) {
      size += chunk.byteLength;
      if (size > bytes) return { size: Math.max(size, (await handle.stat()).size) };
      chunks.push(chunk);
    }
    return Buffer.concat(chunks).toString("utf8");
  } finally {
    await handle.close();
  }
}

/** The HAR's entries, or the sentence saying why the file is refused; `reader` names the command in that sentence. */
export async function readHar(file: string, reader = "the sandbox"): Promise<HarEntry[] | string> {
  const text = await boundedText(file, HAR_BOUNDS.bytes);
  if (text === undefined)
    return `${file}: no such file; give the path of a HAR, e.g. one from GET /__sandbox/requests.har.`;
  if (typeof text !== "string")
    return `${file} is ${text.size} bytes; ${reader} reads a HAR of at most ${HAR_BOUNDS.bytes} bytes: record or export fewer calls (DELETE /__sandbox/requests between runs).`;
  let har: unknown;
  try {
    har = JSON.parse(text);
  } catch {
    return `${file} (${Buffer.byteLength(text)} bytes) is not JSON; ${ASK}.`;
  }
  const entries = (har as { log?: { entries?: unknown } } | null)?.log?.entries;
  if (!Array.isArray(entries)) return `${file} has no log.entries; ${ASK}.`;
  if (entries.length > HAR_BOUNDS.entries)
    return `${file} holds ${entries.length} entries; ${reader} reads at most ${HAR_BOUNDS.entries}: record or export fewer calls.`;
  if (nestsDeeperThan(har, HAR_BOUNDS.depth))
    return `${file} nests more than ${HAR_BOUNDS.depth} levels deep, deeper than any HAR of API calls; ${ASK}.`;
  for (const [index, entry] of entries.entries()) {
    const e = entry as Partial<HarEntry> | null;
    if (
      typeof e?.startedDateTime !== "string" ||
      Number.isNaN(Date.parse(e.startedDateTime)) ||
      typeof e.request?.method !== "string" ||
      typeof e.request.url !== "string" ||
      !URL.canParse(e.request.url) ||
      typeof e.response?.status !== "number"
    )
      return `${file}: log.entries[${index}] lacks a startedDateTime, request.method, request.url or response.status; ${ASK}.`;
  }
  return entries as HarEntry[];
}
