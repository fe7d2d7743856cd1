import type { Hono } from "hono";
import { jsonError, type SandboxEnv } from "../http.js";
import { logFilter } from "../requests/request-log-query.js";
import { harOf } from "../requests/request-har.js";
import { verify, verifyBody } from "../requests/verify.js";
import { readBody } from "./input.js";

// The request log for a CI job (docs/sandbox.md, "Exporting and verifying the calls"): GET and DELETE /requests,
// GET /requests.har and POST /verify, in the default world and in each space.

export function requestControlRoutes(routes: Hono<SandboxEnv>) {
  routes.get("/requests", (c) => {
    const filter = logFilter(c.req.query());
    return typeof filter === "string"
      ? jsonError(c, 400, filter)
      : c.json({ requests: c.get("state").log.list(filter) });
  });
  routes.get("/requests.har", (c) =>
    c.body(JSON.stringify(harOf(c.get("state").log.kept()), null, 2), 200, {
      "content-type": "application/json; charset=utf-8",
      "content-disposition": 'attachment; filename="requests.har"',
    }),
  );
  routes.delete("/requests", (c) => {
    c.get("state").log.clear();
    return c.json({ requests: [] });
  });
  routes.post("/verify", async (c) => {
    const input = await readBody(
      c,
      verifyBody,
      'Send {"method": "POST", "path": "/v3/application/shops/:shop_id/listings/*", "body"?: {…}, "count"?: 1}.',
    );
    if (input instanceof Response) return input;
    return c.json(verify(c.get("state").log.kept(), input));
  });
}
