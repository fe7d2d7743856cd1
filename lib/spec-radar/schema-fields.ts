// An OpenAPI 3.0 schema as the fields a client sees: each field by its path (`results[].price.amount`), with its type,
// whether it may be null, whether it is required and its enum values. `$ref`s are followed into the document and
// allOf/oneOf/anyOf merged; a schema that refers back to itself stops there, so the walk ends.

export type Json = Record<string, unknown>;

export type FieldShape = { type: string; nullable: boolean; required: boolean; enum?: string[] };
export type Fields = Map<string, FieldShape>;

type Schema = {
  $ref?: string;
  type?: string;
  nullable?: boolean;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
};

const MAX_DEPTH = 10;

/**
 * How much walking one document may cost: a small document whose `$ref`s fan out (ten fields each referring to a schema
 * of ten fields, and so on) would otherwise expand without end. The vendor's document, compared whole, follows 836.
 */
export const REF_BOUNDS = { expansions: 50_000, chain: 64 };

/** A document whose `$ref`s expand past REF_BOUNDS: its message completes a sentence that starts with its name. */
export class UnboundedDocument extends Error {
  constructor(
    readonly document: Json,
    message: string,
  ) {
    super(message);
  }
}

const expansions = new WeakMap<Json, number>();

/** `$ref`s followed in `document` so far, each walk of its schemas counted. */
export const expansionsOf = (document: Json) => expansions.get(document) ?? 0;

function follow(document: Json, ref: string, chain: number): unknown {
  const count = expansionsOf(document) + 1;
  expansions.set(document, count);
  if (count > REF_BOUNDS.expansions)
    throw new UnboundedDocument(
      document,
      `expands its $refs more than ${REF_BOUNDS.expansions.toLocaleString("en-US")} times (references that fan out): pass the marketplace's published OpenAPI document, not a generated one.`,
    );
  if (chain > REF_BOUNDS.chain)
    throw new UnboundedDocument(
      document,
      `nests its $refs more than ${REF_BOUNDS.chain} deep: pass the marketplace's published OpenAPI document, not a generated one.`,
    );
  return pointee(document, ref);
}

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** What a local `$ref` (`#/components/schemas/ShopListing`) points at, or undefined. */
export function pointee(document: Json, ref: string): unknown {
  if (!ref.startsWith("#/")) return undefined;
  let node: unknown = document;
  for (const part of ref.slice(2).split("/")) {
    if (!isObject(node)) return undefined;
    node = node[part.replaceAll("~1", "/").replaceAll("~0", "~")];
  }
  return node;
}

/** `value` with its `$ref`s followed, or undefined when one points nowhere. */
export function dereferenced(document: Json, value: unknown): Json | undefined {
  let node = value;
  for (let hops = 0; isObject(node) && typeof node.$ref === "string"; hops++) {
    if (hops > MAX_DEPTH) return undefined;
    node = pointee(document, node.$ref);
  }
  return isObject(node) ? node : undefined;
}

type Merged = { schema: Schema; refs: readonly string[] };

function merged(document: Json, start: Schema, seen: readonly string[]): Merged | null {
  const refs = [...seen];
  let schema = start;
  let nullable = start.nullable === true;
  while (typeof schema.$ref === "string") {
    if (refs.includes(schema.$ref)) return null;
    refs.push(schema.$ref);
    const target = follow(document, schema.$ref, refs.length);
    schema = isObject(target) ? (target as Schema) : {};
    nullable ||= schema.nullable === true;
  }
  const every = schema.allOf ?? [];
  const some = [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])];
  if (every.length === 0 && some.length === 0) return { schema: { ...schema, nullable }, refs };
  // A single-member oneOf is how the vendor wraps a `$ref`: the member is the schema, required fields and all.
  const whole = some.length === 1 ? [...every, ...some] : every;
  const result: Schema = { ...schema, properties: { ...schema.properties }, required: [...(schema.required ?? [])] };
  for (const part of [...whole, ...(some.length === 1 ? [] : some)]) {
    const inner = merged(document, part, refs);
    if (!inner) continue;
    Object.assign(result.properties!, inner.schema.properties);
    if (whole.includes(part)) result.required!.push(...(inner.schema.required ?? []));
    result.type ??= inner.schema.type;
    result.items ??= inner.schema.items;
    result.enum ??= inner.schema.enum;
    nullable ||= inner.schema.nullable === true;
    refs.push(...inner.refs.filter((ref) => !refs.includes(ref)));
  }
  if (Object.keys(result.properties!).length === 0) delete result.properties;
  return { schema: { ...result, nullable }, refs };
}

function typeOf(document: Json, schema: Schema, refs: readonly string[]): string {
  if (schema.type === "array" || schema.items) {
    const items = schema.items && merged(document, schema.items, refs);
    return `array<${items ? typeOf(document, items.schema, items.refs) : "any"}>`;
  }
  return schema.type ?? (schema.properties ? "object" : "any");
}

function enumOf(document: Json, schema: Schema, refs: readonly string[]): string[] | undefined {
  const values = schema.enum ?? (schema.items && merged(document, schema.items, refs)?.schema.enum);
  return values?.map(String);
}

/** The shape of one schema (a parameter's, or a field's) without its fields. */
export function shapeOf(document: Json, schema: unknown, required = false): FieldShape {
  const found = merged(document, isObject(schema) ? (schema as Schema) : {}, []);
  if (!found) return { type: "any", nullable: false, required };
  const values = enumOf(document, found.schema, found.refs);
  return {
    type: typeOf(document, found.schema, found.refs),
    nullable: found.schema.nullable === true,
    required,
    ...(values && { enum: values }),
  };
}

function collect(document: Json, found: Merged, prefix: string, fields: Fields, depth: number) {
  if (depth > MAX_DEPTH) return;
  const { schema, refs } = found;
  if (schema.type === "array" || schema.items) {
    const items = schema.items && merged(document, schema.items, refs);
    if (items) collect(document, items, `${prefix}[]`, fields, depth + 1);
    return;
  }
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const path = prefix ? `${prefix}.${name}` : name;
    const inner = merged(document, property, refs);
    const required = schema.required?.includes(name) ?? false;
    if (!inner) {
      fields.set(path, { type: "object", nullable: property.nullable === true, required });
      continue;
    }
    const values = enumOf(document, inner.schema, inner.refs);
    fields.set(path, {
      type: typeOf(document, inner.schema, inner.refs),
      nullable: inner.schema.nullable === true,
      required,
      ...(values && { enum: values }),
    });
    collect(document, inner, path, fields, depth + 1);
  }
}

/** Every field of `schema`, by path. */
export function fieldsOf(document: Json, schema: unknown): Fields {
  const fields: Fields = new Map();
  const found = isObject(schema) && merged(document, schema as Schema, []);
  if (found) collect(document, found, "", fields, 0);
  return fields;
}
