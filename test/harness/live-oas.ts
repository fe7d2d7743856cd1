import { readFileSync } from "node:fs";
import { Ajv, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";

// The live marketplace's OpenAPI document (3.0.0, August 2026; docs/marketplace.md §13), and its
// response schemas as ajv validators. OpenAPI 3.0 writes `nullable` beside `oneOf`, which JSON Schema cannot read:
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

export const LIVE_OAS = JSON.parse(
  readFileSync(new URL("../../sandbox/etsy-oas-3.0.0.json", import.meta.url), "utf8"),
) as {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Json & { properties?: Json }> };
};

/** The operation of that id, with its path and method. */
export function liveOperation(operationId: string) {
  for (const [path, item] of Object.entries(LIVE_OAS.paths))
    for (const [method, operation] of Object.entries(item))
      if (operation.operationId === operationId) return { path, method, operation };
  throw new Error(`The live OAS has no operation ${operationId}.`);
}

/** The fields of a ShopListing and of a Shop: docs/marketplace.md §13.6 wants every one of them on every answer. */
export const SHOP_LISTING_FIELDS = Object.keys(LIVE_OAS.components.schemas.ShopListing?.properties ?? {});
export const SHOP_FIELDS = Object.keys(LIVE_OAS.components.schemas.Shop?.properties ?? {});
const EVERY_FIELD: Record<string, string[]> = {
  ShopListing: SHOP_LISTING_FIELDS,
  ShopListingWithAssociations: SHOP_LISTING_FIELDS,
  Shop: SHOP_FIELDS,
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

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addFormat("ISO 3166-1 alpha-2", /^[A-Z]{2}$/);
const schemas = Object.fromEntries(
  Object.entries(LIVE_OAS.components.schemas).map(([name, schema]) => [
    name,
    jsonSchema(EVERY_FIELD[name] ? { ...schema, required: EVERY_FIELD[name] } : schema),
  ]),
);
ajv.addSchema({ $id: "live-oas.json", components: { schemas } });

const validators = new Map<string, ValidateFunction>();

/** Why `body` is not what the live OAS documents for that operation and status, or null when it is. */
export function liveSchemaErrors(operationId: string, status: number, body: unknown): string | null {
  const key = `${operationId} ${status}`;
  let validate = validators.get(key);
  if (!validate) {
    const schema =
      liveOperation(operationId).operation.responses[String(status)]?.content?.["application/json"]?.schema;
    if (!schema) return `The live OAS documents no JSON answer ${status} for ${operationId}.`;
    validate = ajv.compile(jsonSchema(schema) as Json);
    validators.set(key, validate);
  }
  return validate(body) ? null : ajv.errorsText(validate.errors, { separator: "\n" });
}

/** Why `body` is not the live OAS's component schema `name` (ErrorSchema, ShopListing, ...), or null when it is. */
export function liveComponentErrors(name: string, body: unknown): string | null {
  const key = `#${name}`;
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile({ $ref: `live-oas.json#/components/schemas/${name}` });
    validators.set(key, validate);
  }
  return validate(body) ? null : ajv.errorsText(validate.errors, { separator: "\n" });
}
