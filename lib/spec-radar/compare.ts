import { operationsOf, routeKey, schemeScopesOf, type OperationShape } from "./operations";
import type { FieldShape, Fields, Json } from "./schema-fields";

export type Subject = "operation" | "parameter" | "request-field" | "response-field" | "enum-value" | "scope";
export type Change = "added" | "removed" | "made-required" | "type-changed" | "moved";

/** One difference a client of the API cares about; `--json` prints a list of these (docs/sandbox.md). */
export type Difference = {
  class: "breaking" | "additive";
  change: Change;
  subject: Subject;
  /** The operation as the older document has it (the newer one for an added operation); null for a scheme's scope. */
  operation: { id: string; method: string; path: string } | null;
  /** The operationId, the parameter's name, the field's path (`results[].price.amount`), the enum value or the scope. */
  name: string;
  /** For a parameter, where it goes (`query`, `path`, `header`); for an enum value, what holds it (`response field state`). */
  in?: string;
  /** For a type change and a move: before and after. */
  from?: string;
  to?: string;
  usedByDashboard: boolean;
};

/** Per route (`routeKey`), the request fields the dashboard sends and the response fields it reads. */
export type FieldsUsed = ReadonlySet<string> | "every";
export type DashboardUsage = ReadonlyMap<string, { requestFields: FieldsUsed; responseFields: FieldsUsed }>;

type Use = { requestFields: FieldsUsed; responseFields: FieldsUsed } | undefined;
type Side = "request" | "response";

const SUBJECTS: Subject[] = ["operation", "parameter", "request-field", "response-field", "enum-value", "scope"];

const uses = (fields: FieldsUsed | undefined, path: string) =>
  fields === "every" || (fields !== undefined && fields.has(path));

const typeText = (shape: FieldShape) => (shape.nullable ? `${shape.type}|null` : shape.type);

function typeWithin(inner: string, outer: string): boolean {
  if (inner === outer || outer === "any" || (inner === "integer" && outer === "number")) return true;
  const innerItems = /^array<(.*)>$/.exec(inner)?.[1];
  const outerItems = /^array<(.*)>$/.exec(outer)?.[1];
  return innerItems !== undefined && outerItems !== undefined && typeWithin(innerItems, outerItems);
}

/** Every value of `inner` is a value of `outer`. */
const within = (inner: FieldShape, outer: FieldShape) =>
  typeWithin(inner.type, outer.type) && (!inner.nullable || outer.nullable);

/** `results[].price` for `results[].price.amount`, `results` for `results[].listing_id`. */
const parentOf = (path: string) => {
  const dot = path.lastIndexOf(".");
  return dot < 0 ? undefined : path.slice(0, dot).replace(/(\[\])+$/, "");
};

/**
 * What changed from `base` (the document the sandbox implements) to `published`, each difference classed for a client:
 * what it sends may no longer be accepted or what it reads may no longer parse (breaking), or nothing it does today
 * stops working (additive). Types are compared as sets of values: a request may widen (integer to number, nullable)
 * and an answer may narrow. An enum value a client sends going away is breaking; a new value in an answer is breaking
 * too, since a client that parses the field strictly refuses it.
 */
export function compareDocuments(base: Json, published: Json, usage: DashboardUsage = new Map()): Difference[] {
  const differences: Difference[] = [];
  const before = operationsOf(base);
  const after = operationsOf(published);

  for (const [id, old] of before) {
    const use = usage.get(routeKey(old.method, old.path));
    const operation = { id, method: old.method, path: old.path };
    const note = (breaking: boolean, rest: Omit<Difference, "class" | "operation">) =>
      differences.push({ class: breaking ? "breaking" : "additive", operation, ...rest });
    const now = after.get(id);
    if (!now) {
      note(true, { change: "removed", subject: "operation", name: id, usedByDashboard: use !== undefined });
      continue;
    }
    if (routeKey(now.method, now.path) !== routeKey(old.method, old.path))
      note(true, {
        change: "moved",
        subject: "operation",
        name: id,
        from: `${old.method} ${old.path}`,
        to: `${now.method} ${now.path}`,
        usedByDashboard: use !== undefined,
      });
    compareParameters(old, now, use, note);
    compareFields("request", old.requestFields, now.requestFields, use, note);
    compareFields("response", old.responseFields, now.responseFields, use, note);
    for (const scope of now.scopes.filter((name) => !old.scopes.includes(name)))
      note(true, { change: "added", subject: "scope", name: scope, usedByDashboard: use !== undefined });
    for (const scope of old.scopes.filter((name) => !now.scopes.includes(name)))
      note(false, { change: "removed", subject: "scope", name: scope, usedByDashboard: use !== undefined });
  }
  for (const [id, now] of after)
    if (!before.has(id))
      differences.push({
        class: "additive",
        change: "added",
        subject: "operation",
        operation: { id, method: now.method, path: now.path },
        name: id,
        usedByDashboard: false,
      });

  const usedScopes = new Set(
    [...before.values()].filter((old) => usage.has(routeKey(old.method, old.path))).flatMap((old) => old.scopes),
  );
  const [oldSchemes, newSchemes] = [schemeScopesOf(base), schemeScopesOf(published)];
  for (const scope of oldSchemes.filter((name) => !newSchemes.includes(name)))
    differences.push({
      class: "breaking",
      change: "removed",
      subject: "scope",
      operation: null,
      name: scope,
      usedByDashboard: usedScopes.has(scope),
    });
  for (const scope of newSchemes.filter((name) => !oldSchemes.includes(name)))
    differences.push({
      class: "additive",
      change: "added",
      subject: "scope",
      operation: null,
      name: scope,
      usedByDashboard: false,
    });

  const rank = (difference: Difference) =>
    [
      difference.class === "breaking" ? 0 : 1,
      difference.operation?.path ?? "",
      difference.operation?.method ?? "",
      SUBJECTS.indexOf(difference.subject),
      difference.in ?? "",
      difference.name,
    ] as const;
  return differences.sort((a, b) => {
    const [left, right] = [rank(a), rank(b)];
    for (let index = 0; index < left.length; index++)
      if (left[index] !== right[index]) return left[index]! < right[index]! ? -1 : 1;
    return 0;
  });
}

type Note = (breaking: boolean, rest: Omit<Difference, "class" | "operation">) => void;

function compareParameters(old: OperationShape, now: OperationShape, use: Use, note: Note) {
  const called = use !== undefined;
  for (const [key, parameter] of old.parameters) {
    const { name, in: where } = parameter;
    const next = now.parameters.get(key);
    // The query keys the client sends are built in shared helpers, so every parameter of a route it calls counts.
    if (!next) {
      note(true, { change: "removed", subject: "parameter", name, in: where, usedByDashboard: called });
      continue;
    }
    if (next.required && !parameter.required)
      note(true, { change: "made-required", subject: "parameter", name, in: where, usedByDashboard: called });
    const target = { subject: "parameter" as const, name, in: where };
    compareShapes("request", target, `parameter ${name}`, parameter, next, called, note);
  }
  for (const [key, parameter] of now.parameters)
    if (!old.parameters.has(key))
      note(parameter.required, {
        change: "added",
        subject: "parameter",
        name: parameter.name,
        in: parameter.in,
        usedByDashboard: called && parameter.required,
      });
}

function compareFields(side: Side, old: Fields, now: Fields, use: Use, note: Note) {
  const subject: Subject = side === "request" ? "request-field" : "response-field";
  const used = side === "request" ? use?.requestFields : use?.responseFields;
  const topmost = (path: string, other: Fields) => {
    const parent = parentOf(path);
    return parent === undefined || other.has(parent);
  };
  for (const [path, field] of old) {
    const next = now.get(path);
    if (!next) {
      if (topmost(path, now)) note(true, { change: "removed", subject, name: path, usedByDashboard: uses(used, path) });
      continue;
    }
    if (side === "request" && next.required && !field.required)
      note(true, { change: "made-required", subject, name: path, usedByDashboard: use !== undefined });
    compareShapes(side, { subject, name: path }, `${side} field ${path}`, field, next, uses(used, path), note);
  }
  for (const [path, field] of now)
    if (!old.has(path) && topmost(path, old)) {
      const required = side === "request" && field.required;
      note(required, { change: "added", subject, name: path, usedByDashboard: required && use !== undefined });
    }
}

function compareShapes(
  side: Side,
  target: Pick<Difference, "subject" | "name" | "in">,
  holder: string,
  old: FieldShape,
  now: FieldShape,
  used: boolean,
  note: Note,
) {
  if (typeText(old) !== typeText(now)) {
    const harmless = side === "request" ? within(old, now) : within(now, old);
    note(!harmless, {
      ...target,
      change: "type-changed",
      from: typeText(old),
      to: typeText(now),
      usedByDashboard: used,
    });
  }
  if (!old.enum || !now.enum) return;
  const moved = [
    { change: "added", from: old.enum, to: now.enum, breaking: side === "response" },
    { change: "removed", from: now.enum, to: old.enum, breaking: side === "request" },
  ] as const;
  for (const { change, from, to, breaking } of moved)
    for (const value of to.filter((value) => !from.includes(value)))
      note(breaking, { change, subject: "enum-value", name: value, in: holder, usedByDashboard: used });
}
