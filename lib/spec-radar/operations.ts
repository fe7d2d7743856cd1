import { dereferenced, fieldsOf, shapeOf, type FieldShape, type Fields, type Json } from "./schema-fields";

// The parts of an OpenAPI 3 document a client depends on, one operation at a time.

export type ParameterShape = FieldShape & { name: string; in: string };

export type OperationShape = {
  id: string;
  method: string;
  path: string;
  /** By `<in> <name>`: `query state`. */
  parameters: Map<string, ParameterShape>;
  requestFields: Fields;
  /** The fields of the first 2xx answer's JSON schema. */
  responseFields: Fields;
  /** The OAuth scopes the operation's security requirements name. */
  scopes: string[];
};

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

const asObject = (value: unknown): Json =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Json) : {};

/** `GET /v3/application/shops/{}/listings`: a route whatever its path parameters are called. */
export const routeKey = (method: string, path: string) =>
  `${method.toUpperCase()} ${path.replace(/\{[^}]*\}/g, "{}").replace(/\/+$/, "")}`;

function contentSchema(document: Json, holder: unknown): unknown {
  const content = asObject(dereferenced(document, holder)?.content);
  const [type] = Object.keys(content).sort(
    (a, b) => Number(b === "application/json") - Number(a === "application/json"),
  );
  return type === undefined ? undefined : asObject(content[type]).schema;
}

function parametersOf(document: Json, ...lists: unknown[]): Map<string, ParameterShape> {
  const parameters = new Map<string, ParameterShape>();
  for (const list of lists)
    for (const entry of Array.isArray(list) ? list : []) {
      const parameter = dereferenced(document, entry);
      if (typeof parameter?.name !== "string" || typeof parameter.in !== "string") continue;
      const shape = shapeOf(document, parameter.schema, parameter.required === true);
      parameters.set(`${parameter.in} ${parameter.name}`, { ...shape, name: parameter.name, in: parameter.in });
    }
  return parameters;
}

function scopesOf(requirements: unknown): string[] {
  const scopes = new Set<string>();
  for (const requirement of Array.isArray(requirements) ? requirements : [])
    for (const names of Object.values(asObject(requirement)))
      for (const name of Array.isArray(names) ? names : []) scopes.add(String(name));
  return [...scopes].sort();
}

/** Every operation of the document, by operationId (or `METHOD path` when it has none). */
export function operationsOf(document: Json): Map<string, OperationShape> {
  const operations = new Map<string, OperationShape>();
  for (const [path, item] of Object.entries(asObject(document.paths))) {
    const pathItem = asObject(item);
    for (const method of METHODS) {
      const operation = pathItem[method];
      if (operation === undefined) continue;
      const op = asObject(operation);
      const responses = asObject(op.responses);
      const success = Object.keys(responses)
        .filter((status) => /^2/.test(status))
        .sort()[0];
      const id = typeof op.operationId === "string" ? op.operationId : `${method.toUpperCase()} ${path}`;
      operations.set(id, {
        id,
        method: method.toUpperCase(),
        path,
        parameters: parametersOf(document, pathItem.parameters, op.parameters),
        requestFields: fieldsOf(document, contentSchema(document, op.requestBody)),
        responseFields: fieldsOf(
          document,
          success === undefined ? undefined : contentSchema(document, responses[success]),
        ),
        scopes: scopesOf(op.security ?? document.security),
      });
    }
  }
  return operations;
}

/** The scopes the document's OAuth 2 security schemes offer, in any flow. */
export function schemeScopesOf(document: Json): string[] {
  const scopes = new Set<string>();
  for (const scheme of Object.values(asObject(asObject(document.components).securitySchemes)))
    for (const flow of Object.values(asObject(asObject(scheme).flows)))
      for (const name of Object.keys(asObject(asObject(flow).scopes))) scopes.add(name);
  return [...scopes].sort();
}
