import { open } from "node:fs/promises";
import { z } from "zod";
import type { Json } from "./schema-fields";

/** A document that cannot be compared: its message is the one sentence the command prints. */
export class UnreadableDocument extends Error {}

/**
 * What one document may cost to read: the whole download within `seconds`, at most `bytes` (the vendor's document is
 * under 1 MB), nested at most `depth` deep (the vendor's, 17).
 */
export const DOCUMENT_BOUNDS = { seconds: 15, bytes: 32 * 1024 * 1024, depth: 64 };

const MB = DOCUMENT_BOUNDS.bytes / (1024 * 1024);

const openApi3 = z.looseObject({
  openapi: z.string().regex(/^3\./),
  paths: z.record(z.string(), z.unknown()),
});

const tooLarge = (source: string) =>
  new UnreadableDocument(
    `${source} is larger than ${MB} MB, more than any OpenAPI document of the marketplace: check the address, or pass a smaller document.`,
  );

/** The chunks of `body` up to the byte bound, or a refusal as soon as it passes it. */
async function boundedText(source: string, body: AsyncIterable<Uint8Array>): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.byteLength;
    if (size > DOCUMENT_BOUNDS.bytes) throw tooLarge(source);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

async function* chunksOf(stream: ReadableStream<Uint8Array>) {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

async function download(source: string): Promise<string> {
  const late = () =>
    new UnreadableDocument(
      `${source} did not send the document within ${DOCUMENT_BOUNDS.seconds} seconds: try again later, or download the document and pass its path.`,
    );
  // One deadline for the whole download, headers and body: a server that answers and then trickles is as late.
  const signal = AbortSignal.timeout(DOCUMENT_BOUNDS.seconds * 1000);
  let response: Response;
  try {
    response = await fetch(source, { signal });
  } catch (error) {
    if (signal.aborted) throw late();
    throw new UnreadableDocument(
      `${source} could not be reached: check the address and the network, or download the document and pass its path.`,
      { cause: error },
    );
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    throw new UnreadableDocument(
      `${source} answered ${response.status} instead of the document: check the address, or download the document and pass its path.`,
    );
  }
  if (Number(response.headers.get("content-length") ?? 0) > DOCUMENT_BOUNDS.bytes) {
    await response.body?.cancel().catch(() => {});
    throw tooLarge(source);
  }
  try {
    return response.body ? await boundedText(source, chunksOf(response.body)) : "";
  } catch (error) {
    await response.body?.cancel().catch(() => {});
    if (error instanceof UnreadableDocument) throw error;
    if (signal.aborted) throw late();
    throw new UnreadableDocument(
      `${source} broke off while sending the document: try again later, or download the document and pass its path.`,
      { cause: error },
    );
  }
}

async function textOf(source: string): Promise<string> {
  if (/^https?:\/\//i.test(source)) return download(source);
  let file;
  try {
    file = await open(source);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UnreadableDocument(
      code === "ENOENT"
        ? `${source} does not exist: pass the path or the URL of a published OpenAPI document.`
        : `${source} could not be read (${code ?? "unknown error"}): pass a readable OpenAPI document.`,
    );
  }
  try {
    return await boundedText(source, file.createReadStream());
  } finally {
    await file.close();
  }
}

/** How deep `value` nests, walked without recursion; past `limit` the walk stops and answers more than it. */
function depthOf(value: unknown, limit: number): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (typeof node !== "object" || node === null) continue;
    if (depth + 1 > limit) return depth + 1;
    deepest = Math.max(deepest, depth + 1);
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** The OpenAPI 3 document at a file path or an http(s) URL. JSON only: the marketplace publishes JSON. */
export async function readOpenApiDocument(source: string): Promise<Json> {
  const text = await textOf(source);
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    throw new UnreadableDocument(`${source} is not JSON: pass the OpenAPI document as JSON (YAML is not read).`);
  }
  if (depthOf(document, DOCUMENT_BOUNDS.depth) > DOCUMENT_BOUNDS.depth)
    throw new UnreadableDocument(
      `${source} nests more than ${DOCUMENT_BOUNDS.depth} levels deep, deeper than any OpenAPI document of the marketplace: pass the marketplace's published OpenAPI document.`,
    );
  if (!openApi3.safeParse(document).success)
    throw new UnreadableDocument(
      `${source} is not an OpenAPI 3 document (it needs "openapi": "3.x" and "paths"): pass the marketplace's published OpenAPI document.`,
    );
  return document as Json;
}
