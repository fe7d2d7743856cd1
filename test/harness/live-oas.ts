import { Ajv, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import { OVERLAYS, openApiDocumentAt } from "../../sandbox/openapi/overlays.js";
import { PHASE_STARTS } from "../../sandbox/phases.js";

// The live marketplace's OpenAPI document (3.0.0, August 2026; docs/marketplace.md §13) as it stood on a date (the
// overlays of §18 dated on or before it applied), and its response schemas as ajv validators. OpenAPI 3.0 writes `nullable` beside `oneOf`, which JSON Schema cannot read:
// each nullable schema becomes anyOf [schema, null].

type Json = Record<string, unknown>;

export type Parameter = {
  name: string;
  in: "path" | "query" | "header";
  required?: boolean;
  schema: { type?: string; enum?: string[]; items?: { type?: string; enum?: string[] } };
};
export type Operation = {
  operationId: string;
  parameters?: Parameter[];
  responses: Record<string, { content?: Record<string, { schema: Json }> }>;
};

type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Json & { properties?: Json }> };
};

function jsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(jsonSchema);
  if (typeof node !== "object" || node === null) return node;
  const converted: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "$ref" && typeof value === "string") converted[key] = value.replace(/^#\//, "live-oas.json#/");
    else if (key === "description" || key === "example") continue;
    else converted[key] = jsonSchema(value);
  }
  if (converted.nullable !== true) return converted;
  delete converted.nullable;
  return { anyOf: [converted, { type: "null" }] };
}

function liveOasOf(document: Document) {
  /** The operation of that id, with its path and method. */
  function operation(operationId: string) {
    for (const [path, item] of Object.entries(document.paths))
      for (const [method, candidate] of Object.entries(item))
        if (candidate.operationId === operationId) return { path, method, operation: candidate };
    throw new Error(`The live OAS has no operation ${operationId}.`);
  }

  /** The fields of a ShopListing and of a Shop: docs/marketplace.md §13.6 wants every one of them on every answer. */
  const shopListingFields = Object.keys(document.components.schemas.ShopListing?.properties ?? {});
  const shopFields = Object.keys(document.components.schemas.Shop?.properties ?? {});
  const everyField: Record<string, string[]> = {
    ShopListing: shopListingFields,
    ShopListingWithAssociations: shopListingFields,
    Shop: shopFields,
  };

  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addFormat("ISO 3166-1 alpha-2", /^[A-Z]{2}$/);
  const schemas = Object.fromEntries(
    Object.entries(document.components.schemas).map(([name, schema]) => [
      name,
      jsonSchema(everyField[name] ? { ...schema, required: everyField[name] } : schema),
    ]),
  );
  ajv.addSchema({ $id: "live-oas.json", components: { schemas } });
  const validators = new Map<string, ValidateFunction>();

  /** Why `body` is not what the live OAS documents for that operation and status, or null when it is. */
  function schemaErrors(operationId: string, status: number, body: unknown): string | null {
    const key = `${operationId} ${status}`;
    let validate = validators.get(key);
    if (!validate) {
      const schema = operation(operationId).operation.responses[String(status)]?.content?.["application/json"]?.schema;
      if (!schema) return `The live OAS documents no JSON answer ${status} for ${operationId}.`;
      validate = ajv.compile(jsonSchema(schema) as Json);
      validators.set(key, validate);
    }
    return validate(body) ? null : ajv.errorsText(validate.errors, { separator: "\n" });
  }

  /** Why `body` is not the live OAS's component schema `name` (ErrorSchema, ShopListing, ...), or null when it is. */
  function componentErrors(name: string, body: unknown): string | null {
    const key = `#${name}`;
    let validate = validators.get(key);
    if (!validate) {
      validate = ajv.compile({ $ref: `live-oas.json#/components/schemas/${name}` });
      validators.set(key, validate);
    }
    return validate(body) ? null : ajv.errorsText(validate.errors, { separator: "\n" });
  }

  return { document, operation, shopListingFields, shopFields, schemaErrors, componentErrors };
}

export type LiveOas = ReturnType<typeof liveOasOf>;

const byOverlay = new Map<string, LiveOas>();

/** The live OAS as it stood on `date` (YYYY-MM-DD): one per set of overlays, kept for the test run. */
export function liveOasAt(date: string): LiveOas {
  const key = OVERLAYS.filter((overlay) => overlay.date <= date).at(-1)?.date ?? "published";
  let live = byOverlay.get(key);
  if (!live) byOverlay.set(key, (live = liveOasOf(openApiDocumentAt(date) as Document)));
  return live;
}

// The document as published in August, for the suites that play the phases before September 2026.
const PUBLISHED = liveOasAt(PHASE_STARTS.migration);
export const LIVE_OAS = PUBLISHED.document;
export const liveOperation = PUBLISHED.operation;
export const SHOP_LISTING_FIELDS = PUBLISHED.shopListingFields;
export const SHOP_FIELDS = PUBLISHED.shopFields;
export const liveSchemaErrors = PUBLISHED.schemaErrors;
export const liveComponentErrors = PUBLISHED.componentErrors;
