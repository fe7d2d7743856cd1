import { Hono } from "hono";
import { jsonError, type SandboxEnv } from "./http.js";
import { validationMessage } from "./api/routes.js";
import { harOf } from "./request-har.js";
import { verify, verifyBody } from "./verify.js";

// The request log for a CI job (docs/sandbox.md, "Exporting and verifying the calls"): GET /requests.har and
// POST /verify, in the default world and in each space.

export function requestLogRoutes() {
  const routes = new Hono<SandboxEnv>();
  routes.get("/requests.har", (c) =>
    c.body(JSON.stringify(harOf(c.get("state").log.kept()), null, 2), 200, {
      "content-type": "application/json; charset=utf-8",
      "content-disposition": 'attachment; filename="requests.har"',
    }),
  );
  routes.post("/verify", async (c) => {
    const parsed = verifyBody.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success)
      return jsonError(
        c,
        400,
        `${validationMessage(parsed.error)} Send {"method": "POST", "path": "/v3/application/shops/:shop_id/listings/*", "body"?: {…}, "count"?: 1}.`,
      );
    return c.json(verify(c.get("state").log.kept(), parsed.data));
  });
  return routes;
}
