import { readFile } from "node:fs/promises";
import { z } from "zod";
import type { Json } from "./schema-fields";

/** A document that cannot be compared: its message is the one sentence the command prints. */
export class UnreadableDocument extends Error {}

const FETCH_TIMEOUT_MS = 15_000;

const openApi3 = z.looseObject({
  openapi: z.string().regex(/^3\./),
  paths: z.record(z.string(), z.unknown()),
});

async function textOf(source: string): Promise<string> {
  if (/^https?:\/\//i.test(source)) {
    let response: Response;
    try {
      response = await fetch(source, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    } catch (error) {
      const late = error instanceof Error && error.name === "TimeoutError";
      throw new UnreadableDocument(
        late
          ? `${source} did not answer within ${FETCH_TIMEOUT_MS / 1000} seconds: try again later, or download the document and pass its path.`
          : `${source} could not be reached: check the address and the network, or download the document and pass its path.`,
      );
    }
    if (!response.ok)
      throw new UnreadableDocument(
        `${source} answered ${response.status} instead of the document: check the address, or download the document and pass its path.`,
      );
    return response.text();
  }
  try {
    return await readFile(source, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UnreadableDocument(
      code === "ENOENT"
        ? `${source} does not exist: pass the path or the URL of a published OpenAPI document.`
        : `${source} could not be read (${code ?? "unknown error"}): pass a readable OpenAPI document.`,
    );
  }
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
  if (!openApi3.safeParse(document).success)
    throw new UnreadableDocument(
      `${source} is not an OpenAPI 3 document (it needs "openapi": "3.x" and "paths"): pass the marketplace's published OpenAPI document.`,
    );
  return document as Json;
}
