import { z } from "zod";
import type { KeptEntry } from "./request-log.js";

// POST /__sandbox/verify: did the client make this call, and how many times; when not, the calls nearest to it and
// why each missed, so a failing CI job says what its client sent instead.

export const verifyBody = z.strictObject({
  method: z.string().regex(/^[A-Za-z]+$/, "must be an HTTP method such as GET or POST"),
  path: z.string().startsWith("/", "must be a path starting with /, with * for any text and :name for one segment"),
  body: z.unknown().optional(),
  count: z.int().min(0).optional(),
});
export type Verify = z.infer<typeof verifyBody>;

const escape = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, "\\$&");

/** `/v3/application/shops/:shop_id/listings/*`: `:name` one segment, `*` any text. */
export function pathPattern(pattern: string): RegExp {
  const source = pattern
    .split("/")
    .map((segment) => (/^:[A-Za-z_][A-Za-z0-9_]*$/.test(segment) ? "[^/]+" : segment.split("*").map(escape).join(".*")))
    .join("/");
  return new RegExp(`^${source}$`);
}

/** What the request sent as a value to compare: its JSON, or its form as an object of strings. */
function sentBody(entry: KeptEntry): unknown {
  const body = entry.exchange?.requestBody;
  if (!body) return undefined;
  if (/x-www-form-urlencoded/i.test(body.mimeType)) return Object.fromEntries(new URLSearchParams(body.text));
  try {
    return JSON.parse(body.text) as unknown;
  } catch {
    return body.text;
  }
}

const shown = (value: unknown) => (value === undefined ? "nothing" : JSON.stringify(value));

/** Where `actual` differs from the deep partial `expected` (an object's keys, an array's items, a value), or null. */
export function bodyDifference(expected: unknown, actual: unknown, at = "body"): string | null {
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return `${at}: expected an array, was ${shown(actual)}`;
    if (actual.length !== expected.length) return `${at}: expected ${expected.length} items, was ${actual.length}`;
    for (const [index, item] of expected.entries()) {
      const difference = bodyDifference(item, actual[index], `${at}[${index}]`);
      if (difference) return difference;
    }
    return null;
  }
  if (expected !== null && typeof expected === "object") {
    if (actual === null || typeof actual !== "object" || Array.isArray(actual))
      return `${at}: expected an object, was ${shown(actual)}`;
    for (const [key, value] of Object.entries(expected)) {
      const difference = bodyDifference(value, (actual as Record<string, unknown>)[key], `${at}.${key}`);
      if (difference) return difference;
    }
    return null;
  }
  return Object.is(expected, actual) ? null : `${at}: expected ${shown(expected)}, was ${shown(actual)}`;
}

const short = (entry: KeptEntry) => ({
  id: entry.id,
  time: entry.time,
  method: entry.method,
  path: entry.path,
  status: entry.status,
});

export function verify(entries: KeptEntry[], expected: Verify) {
  const method = expected.method.toUpperCase();
  const path = pathPattern(expected.path);
  const matched: KeptEntry[] = [];
  const misses: { entry: KeptEntry; why: string; distance: number }[] = [];
  for (const entry of entries) {
    const reasons: string[] = [];
    let distance = 0;
    if (entry.method !== method) {
      reasons.push(`method: expected ${method}, was ${entry.method}`);
      distance += 1;
    }
    if (!path.test(entry.path)) {
      reasons.push(`path: ${entry.path} does not match ${expected.path}`);
      distance += 2;
    }
    if (expected.body !== undefined) {
      const difference = bodyDifference(expected.body, sentBody(entry));
      if (difference) {
        reasons.push(difference);
        distance += 0.5;
      }
    }
    if (reasons.length === 0) matched.push(entry);
    else misses.push({ entry, why: reasons.join("; "), distance });
  }
  misses.sort((a, b) => a.distance - b.distance || b.entry.id - a.entry.id);
  return {
    matched: matched.length,
    ok: expected.count === undefined ? matched.length > 0 : matched.length === expected.count,
    requests: matched.map(short),
    nearest: misses.slice(0, 3).map(({ entry, why }) => ({ ...short(entry), why })),
  };
}
