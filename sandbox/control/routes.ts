import { Hono } from "hono";
import { jsonError, isLoopback, type SandboxEnv } from "../http.js";
import type { Spaces } from "../spaces.js";
import { accountControlRoutes } from "./accounts.js";
import { clockControlRoutes } from "./clock.js";
import { faultControlRoutes } from "./faults.js";
import { listingControlRoutes } from "./listings.js";
import { orderControlRoutes } from "./orders.js";
import { requestControlRoutes } from "./requests.js";
import { spaceControlRoutes } from "./spaces.js";
import { webhookControlRoutes } from "./webhooks.js";

/** The control API under /__sandbox (docs/sandbox.md), on loopback only, each group in its own file. */
export function controlRoutes(spaces?: Spaces) {
  const routes = new Hono<SandboxEnv>();

  routes.use("*", async (c, next) => {
    const address = c.env?.incoming?.socket?.remoteAddress;
    if (c.env?.incoming && !isLoopback(address)) return jsonError(c, 403, "The control API answers only on loopback.");
    await next();
  });

  routes.post("/reset", (c) => {
    c.get("state").reset();
    return c.json({ reset: true });
  });

  accountControlRoutes(routes);
  clockControlRoutes(routes);
  webhookControlRoutes(routes);
  faultControlRoutes(routes);
  requestControlRoutes(routes);
  listingControlRoutes(routes);
  orderControlRoutes(routes);
  spaceControlRoutes(routes, spaces);

  routes.all("*", (c) => jsonError(c, 404, `No control endpoint ${c.req.method} ${c.req.path}.`));
  return routes;
}
