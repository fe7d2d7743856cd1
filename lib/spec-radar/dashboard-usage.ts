import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import * as questionWire from "../marketplace/question-wire";
import * as receiptWire from "../marketplace/receipt-wire";
import * as wire from "../marketplace/wire";
import type { DashboardUsage, FieldsUsed } from "./compare";
import { routeKey } from "./operations";

// What the dashboard's marketplace client uses, read from its code so it cannot go stale. Each route comment in
// lib/marketplace/*.ts (`// POST /v3/application/...`) opens that file's lines up to the next one; the zod schemas
// exported by lib/marketplace/*wire.ts that those lines name are the response fields it reads, and the type of what
// they pass as `json` the request fields it sends. Lines that name no such schema, or send a body of a type the
// parse cannot follow, count every field of the route as used.

// From the working folder, the repository's (npm's scripts, the tests and `next start` all run there): the dashboard's
// bundle has no lib/ beside it.
export const MARKETPLACE_CLIENT = join(process.cwd(), "lib/marketplace");

/** The wire schemas of lib/marketplace, imported here so that the dashboard's bundle holds them. */
export const WIRE_MODULES: Record<string, Record<string, unknown>> = {
  "question-wire.ts": questionWire,
  "receipt-wire.ts": receiptWire,
  "wire.ts": wire,
};

const ROUTE_COMMENT = /^\s*\/\/ (GET|POST|PUT|PATCH|DELETE) (\/v3\/[^\s?[]+)/;

export type RouteComment = { file: string; line: number; method: string; path: string };
type Segment = RouteComment & { start: number; end: number; text: string; source: ts.SourceFile };

const clientFiles = () =>
  readdirSync(MARKETPLACE_CLIENT)
    .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))
    .sort();

function segmentsOf(file: string): Segment[] {
  const text = readFileSync(join(MARKETPLACE_CLIENT, file), "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  const lines = text.split("\n");
  const starts: { line: number; method: string; path: string; offset: number }[] = [];
  let offset = 0;
  lines.forEach((content, index) => {
    const route = ROUTE_COMMENT.exec(content);
    if (route) starts.push({ line: index + 1, method: route[1]!, path: route[2]!, offset });
    offset += content.length + 1;
  });
  return starts.map((start, index) => {
    const end = starts[index + 1]?.offset ?? text.length;
    return {
      file,
      line: start.line,
      method: start.method,
      path: start.path,
      start: start.offset,
      end,
      text: text.slice(start.offset, end),
      source,
    };
  });
}

/** Every route comment of the marketplace client, in file and line order. */
export const routeComments = (): RouteComment[] =>
  clientFiles().flatMap((file) =>
    segmentsOf(file).map(({ file, line, method, path }) => ({ file, line, method, path })),
  );

type ZodNode = { _zod: { def: { type: string; [key: string]: unknown } } };
const isZod = (value: unknown): value is ZodNode =>
  typeof value === "object" && value !== null && "_zod" in value && typeof (value as ZodNode)._zod?.def === "object";

function zodFields(schema: ZodNode, prefix: string, into: Set<string>) {
  const def = schema._zod.def;
  const inner = (key: string) => (isZod(def[key]) ? [def[key] as ZodNode] : []);
  if (def.type === "object")
    for (const [name, field] of Object.entries(def.shape as Record<string, unknown>)) {
      const path = prefix ? `${prefix}.${name}` : name;
      into.add(path);
      if (isZod(field)) zodFields(field, path, into);
    }
  else if (def.type === "array") for (const items of inner("element")) zodFields(items, `${prefix}[]`, into);
  else if (def.type === "union")
    for (const option of (def.options as unknown[]).filter(isZod)) zodFields(option, prefix, into);
  else for (const wrapped of [...inner("innerType"), ...inner("in")]) zodFields(wrapped, prefix, into);
}

function wireSchemas(): Map<string, Set<string>> {
  const schemas = new Map<string, Set<string>>();
  for (const exported of Object.values(WIRE_MODULES))
    for (const [name, value] of Object.entries(exported))
      if (isZod(value)) {
        const fields = new Set<string>();
        zodFields(value, "", fields);
        schemas.set(name, fields);
      }
  return schemas;
}

function typeAliases(): Map<string, ts.TypeNode> {
  const aliases = new Map<string, ts.TypeNode>();
  for (const file of clientFiles()) {
    const text = readFileSync(join(MARKETPLACE_CLIENT, file), "utf8");
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
    source.forEachChild((node) => {
      if (ts.isTypeAliasDeclaration(node)) aliases.set(node.name.text, node.type);
    });
  }
  return aliases;
}

function typeFields(
  node: ts.TypeNode,
  prefix: string,
  aliases: Map<string, ts.TypeNode>,
  into: Set<string>,
  depth = 0,
) {
  if (depth > 10) return;
  const walk = (inner: ts.TypeNode, path = prefix) => typeFields(inner, path, aliases, into, depth + 1);
  if (ts.isTypeLiteralNode(node))
    for (const member of node.members) {
      if (!ts.isPropertySignature(member) || !member.type) continue;
      const path = prefix ? `${prefix}.${member.name.getText()}` : member.name.getText();
      into.add(path);
      walk(member.type, path);
    }
  else if (ts.isArrayTypeNode(node)) walk(node.elementType, `${prefix}[]`);
  else if (ts.isUnionTypeNode(node) || ts.isIntersectionTypeNode(node)) node.types.forEach((member) => walk(member));
  else if (ts.isParenthesizedTypeNode(node)) walk(node.type);
  else if (ts.isTypeReferenceNode(node)) {
    const alias = aliases.get(node.typeName.getText());
    if (alias) walk(alias);
  }
}

/** The type node of what the segment passes as `json`, when it is a parameter with a declared type. */
function sentBodyType(segment: Segment): ts.TypeNode | "none" | "unknown" {
  let found: ts.TypeNode | "none" | "unknown" = "none";
  const visit = (node: ts.Node) => {
    if (node.end < segment.start || node.getStart() >= segment.end) return;
    if (ts.isPropertyAssignment(node) && node.name.getText() === "json" && node.getStart() >= segment.start) {
      found = "unknown";
      const value = node.initializer;
      for (let scope: ts.Node | undefined = node; scope && ts.isIdentifier(value); scope = scope.parent)
        if (ts.isFunctionLike(scope)) {
          const parameter = scope.parameters.find((candidate) => candidate.name.getText() === value.text);
          if (parameter?.type) found = parameter.type;
          break;
        }
      return;
    }
    node.forEachChild(visit);
  };
  visit(segment.source);
  return found;
}

const merge = (into: Map<string, FieldsUsed>, key: string, fields: FieldsUsed) => {
  const known = into.get(key);
  if (known === "every" || fields === "every") into.set(key, "every");
  else into.set(key, new Set([...(known ?? []), ...fields]));
};

/** The routes the dashboard calls, with the request fields it sends and the response fields it reads. */
export function dashboardUsage(): DashboardUsage {
  const schemas = wireSchemas();
  const aliases = typeAliases();
  const requests = new Map<string, FieldsUsed>();
  const responses = new Map<string, FieldsUsed>();
  for (const segment of clientFiles().flatMap(segmentsOf)) {
    const key = routeKey(segment.method, segment.path);
    const named = [...schemas].filter(([name]) => new RegExp(`\\b${name}\\b`).test(segment.text));
    merge(responses, key, named.length === 0 ? "every" : new Set(named.flatMap(([, fields]) => [...fields])));
    const body = sentBodyType(segment);
    const sent = new Set<string>();
    if (body !== "none" && body !== "unknown") typeFields(body, "", aliases, sent);
    merge(requests, key, body === "unknown" ? "every" : sent);
  }
  return new Map(
    [...responses].map(([key, responseFields]) => [
      key,
      { responseFields, requestFields: requests.get(key) ?? new Set<string>() },
    ]),
  );
}
