import { readFileSync } from "node:fs";
import jsonPatch, { type Operation } from "fast-json-patch";

// docs/marketplace.md §18: the vendor's OpenAPI document stays as published (August 2026); each later change of the
// live document is one dated RFC 6902 patch beside it, applied in date order.

export type OpenApiDocument = Record<string, unknown>;
export type Overlay = { date: string; file: string; patch: readonly Operation[] };

const readJson = (name: string): unknown => JSON.parse(readFileSync(new URL(name, import.meta.url), "utf8"));

const VENDOR_DOCUMENT = readJson("../etsy-oas-3.0.0.json") as OpenApiDocument;

const overlay = (date: string): Overlay => {
  const file = `sandbox/openapi/${date}.patch.json`;
  const patch = readJson(`./${date}.patch.json`);
  if (!Array.isArray(patch)) throw new Error(`${file} is not a JSON Patch: it should hold an array of operations.`);
  return { date, file, patch: patch as Operation[] };
};

export const OVERLAYS: readonly Overlay[] = [overlay("2026-09-06"), overlay("2026-09-21")];

/** The document with `overlays` applied in order; a patch that no longer applies says which file and operation. */
export function applyOverlays(document: OpenApiDocument, overlays: readonly Overlay[]): OpenApiDocument {
  let patched = structuredClone(document);
  for (const { file, patch } of overlays) {
    patch.forEach((operation, index) => {
      try {
        patched = jsonPatch.applyOperation(patched, operation, true, true, true, index).newDocument;
      } catch (error) {
        const why = error instanceof Error ? error.message.split("\n")[0] : String(error);
        throw new Error(
          `${file} no longer applies: operation ${index} (${operation.op} ${operation.path}) failed (${why}). ` +
            "Compare the patch with sandbox/etsy-oas-3.0.0.json and correct the operation.",
        );
      }
    });
  }
  return patched;
}

const byLastDate = new Map<string, { document: OpenApiDocument; text?: string }>();

function patchedAt(date: string | undefined) {
  const day = date?.slice(0, 10);
  if (day !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(day))
    throw new Error(`openApiDocumentAt wants a date as YYYY-MM-DD, not "${date}".`);
  const applied = OVERLAYS.filter((overlay) => day === undefined || overlay.date <= day);
  const key = applied.at(-1)?.date ?? "vendor";
  let patched = byLastDate.get(key);
  if (!patched) byLastDate.set(key, (patched = { document: applyOverlays(VENDOR_DOCUMENT, applied) }));
  return patched;
}

/** The live OpenAPI document as it stood on `date` (YYYY-MM-DD, or an ISO time): every overlay dated on or before it,
 * or all of them without a date. A deep copy: the caller may change it. */
export const openApiDocumentAt = (date?: string): OpenApiDocument => structuredClone(patchedAt(date).document);

/** The same document as JSON text, written once per set of overlays. */
export function openApiTextAt(date?: string): string {
  const patched = patchedAt(date);
  return (patched.text ??= JSON.stringify(patched.document));
}
