import type { z } from "zod";
import { validationMessage } from "../api/routes.js";
import { jsonError, type Ctx } from "../http.js";
import type { SpaceBound } from "../space-limits.js";

/** A control request's JSON body checked by `schema` (no body reads as `{}`), or its 400 naming the field. */
export async function readBody<T>(c: Ctx, schema: z.ZodType<T>, hint = ""): Promise<T | Response> {
  const text = await c.req.text();
  let raw: unknown = {};
  if (text.trim() !== "")
    try {
      raw = JSON.parse(text);
    } catch {
      return jsonError(c, 400, `The body is not JSON; send a JSON object such as {}.${hint && ` ${hint}`}`);
    }
  const parsed = schema.safeParse(raw);
  return parsed.success ? parsed.data : jsonError(c, 400, `${validationMessage(parsed.error)}${hint && ` ${hint}`}`);
}

/** A 403 with the sentence when `count` more of `bound` would overfill this space (never outside a space). */
export function overfilled(c: Ctx, bound: SpaceBound, count = 1) {
  const refusal = c.get("state").refusal(bound, count);
  return refusal === undefined ? undefined : jsonError(c, 403, refusal);
}
