import type { Hono } from "hono";
import { z } from "zod";
import { jsonError, type Ctx, type SandboxEnv } from "../http.js";
import { WEBHOOK_EVENTS } from "../webhooks.js";
import { overfilled, readBody } from "./input.js";

const webhookBody = z.object({
  url: z.url({ protocol: /^https?$/, error: "must be an http or https URL" }),
  events: z.array(z.enum(WEBHOOK_EVENTS)).min(1).optional(),
  secret: z
    .string()
    .regex(/^whsec_[A-Za-z0-9+/]{32,}={0,2}$/, { error: "must be whsec_ and at least 24 bytes in base64" })
    .optional(),
});

const noSubscription = (c: Ctx) => jsonError(c, 404, `No webhook subscription ${c.req.param("id")}.`);

/** Webhook subscriptions and their deliveries: /webhooks, /webhooks/:id, /webhooks/deliveries/:id/resend. */
export function webhookControlRoutes(routes: Hono<SandboxEnv>) {
  routes.get("/webhooks", (c) => {
    const hub = c.get("state").webhooks;
    return c.json({ webhooks: hub.list(), deliveries: hub.recentDeliveries() });
  });
  routes.post("/webhooks", async (c) => {
    const input = await readBody(c, webhookBody);
    if (input instanceof Response) return input;
    const full = overfilled(c, "webhooks");
    if (full) return full;
    return c.json(c.get("state").webhooks.subscribe(input.url, input.events, input.secret), 201);
  });
  routes.delete("/webhooks/:id", (c) =>
    c.get("state").webhooks.unsubscribe(c.req.param("id")) ? c.body(null, 204) : noSubscription(c),
  );
  routes.get("/webhooks/:id", (c) => {
    const hub = c.get("state").webhooks;
    const subscription = hub.list().find((candidate) => candidate.id === c.req.param("id"));
    if (!subscription) return noSubscription(c);
    return c.json({ ...subscription, deliveries: hub.recentDeliveries(subscription.id) });
  });
  routes.post("/webhooks/:id/enable", (c) => {
    const subscription = c.get("state").webhooks.enable(c.req.param("id"));
    return subscription ? c.json(subscription) : noSubscription(c);
  });
  routes.post("/webhooks/deliveries/:id/resend", (c) => {
    const answer = c.get("state").webhooks.resend(c.req.param("id"));
    return answer.ok ? c.json(answer.delivery, 202) : jsonError(c, answer.status, answer.error);
  });
}
