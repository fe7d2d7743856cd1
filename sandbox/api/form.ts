import { jsonError, type Ctx } from "../http.js";

/** docs/marketplace.md §10.1: listing writes are form-encoded (arrays comma-separated); a JSON object is accepted too. */
export async function readForm(c: Ctx): Promise<Record<string, string> | Response> {
  const type = c.req.header("content-type") ?? "";
  try {
    if (type.startsWith("application/json")) {
      const body: unknown = await c.req.json();
      if (typeof body !== "object" || body === null || Array.isArray(body))
        return jsonError(c, 400, "Request body must be a JSON object.");
      return Object.fromEntries(
        Object.entries(body).map(([key, value]) => [key, Array.isArray(value) ? value.join(",") : String(value)]),
      );
    }
    if (type.startsWith("application/x-www-form-urlencoded") || type.startsWith("multipart/form-data")) {
      const body = await c.req.parseBody();
      return Object.fromEntries(
        Object.entries(body).map(([key, value]) => [key, typeof value === "string" ? value : ""]),
      );
    }
  } catch {
    return jsonError(c, 400, "Request body could not be parsed.");
  }
  return jsonError(c, 415, "Content-Type must be application/x-www-form-urlencoded.");
}
