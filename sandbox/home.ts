import { Hono } from "hono";
import { html } from "hono/html";
import type { SandboxEnv } from "./http.js";
import type { AppRow } from "./store/db.js";
import { page } from "./oauth/pages.js";
import { recentOrders } from "./store/receipt-store.js";

type SellerRow = {
  user_id: number;
  email: string;
  password_hint: string;
  shop_id: number | null;
  shop_name: string | null;
  listings: number;
};

/** `rows` as a table; with none, the sentence `empty` when one is given (nothing for ""). */
const table = (headers: string[], rows: unknown[][], empty?: string) =>
  rows.length === 0 && empty !== undefined
    ? empty && html`<p class="muted">${empty}</p>`
    : html`<table>
    <thead>
      <tr>
        ${headers.map((header) => html`<th scope="col">${header}</th>`)}
      </tr>
    </thead>
    <tbody>
      ${rows.map(
        (row) =>
          html`<tr>
            ${row.map((cell) => html`<td>${cell}</td>`)}
          </tr>`,
      )}
    </tbody>
  </table>`;

const sandboxTime = (seconds: number) => new Date(seconds * 1000).toISOString().replace(".000Z", "Z");

export function homeRoutes() {
  const routes = new Hono<SandboxEnv>();
  routes.get("/", (c) => {
    const state = c.get("state");
    const apps = state.db
      .prepare("SELECT name, keystring, shared_secret, redirect_uris, per_second, per_day FROM apps ORDER BY app_id")
      .all() as Omit<AppRow, "app_id">[];
    const sellers = state.db
      .prepare(
        `SELECT u.user_id, u.email, u.password_hint, s.shop_id, s.shop_name,
           (SELECT COUNT(*) FROM listings l WHERE l.user_id = u.user_id) AS listings
         FROM users u LEFT JOIN shops s ON s.user_id = u.user_id ORDER BY u.user_id LIMIT 50`,
      )
      .all() as SellerRow[];
    const requests = state.log.list().slice(-50).reverse();
    const orders = recentOrders(state.db, 20);
    const webhooks = state.webhooks.list();
    const deliveries = state.webhooks.recentDeliveries().slice(0, 20);
    return page(
      c,
      200,
      "Home",
      html`<h1>Marketplace sandbox</h1>
        <p>
          An emulator of the marketplace API v3 for local development. Base URL and authorization URL:
          <code>${new URL(c.req.url).origin}${state.base}</code>. Control API under <code>/__sandbox</code> (see docs/sandbox.md in the project).
        </p>
        <p>
          Phase: <strong>${state.phase}</strong>
          (${state.pinnedPhase ? "pinned" : html`the sandbox clock's date, ${new Date(state.now() * 1000).toISOString().slice(0, 10)}`};
          <code>--phase</code> or <code>POST /__sandbox/phase</code> pins one).
        </p>
        <h2>Applications</h2>
        ${table(
          ["Name", "Keystring (client_id)", "Shared secret", "Redirect URIs", "Rate limit"],
          apps.map((app) => [
            app.name,
            html`<code>${app.keystring}</code>`,
            html`<code>${app.shared_secret}</code>`,
            (JSON.parse(app.redirect_uris) as string[]).map((uri) => html`<code>${uri}</code> `),
            `${app.per_second}/s, ${app.per_day}/day`,
          ]),
        )}
        <h2>Sellers</h2>
        ${table(
          ["Email", "Password", "User id", "Shop", "Listings"],
          sellers.map((seller) => [
            seller.email,
            html`<code>${seller.password_hint}</code>`,
            seller.user_id,
            seller.shop_name ? `${seller.shop_name} (${seller.shop_id})` : "no shop",
            seller.listings,
          ]),
        )}
        <h2>Recent orders</h2>
        <p class="muted"><code>POST /__sandbox/orders {listing_id, answers}</code> places one as a buyer.</p>
        ${table(
          ["Receipt", "Created", "Shop", "Buyer", "Listing", "Answers", "State"],
          orders.map((order) => [
            order.receipt_id,
            new Date(order.created_timestamp * 1000).toISOString().slice(0, 16).replace("T", " "),
            order.shop_id,
            order.buyer_name,
            `${order.title} (${order.listing_id}) x ${order.quantity}`,
            order.variations.map((variation) => html`${variation.formatted_name}: ${variation.formatted_value}<br />`),
            [order.status, order.cancel_reason, order.delivered && "delivered"].filter(Boolean).join(", "),
          ]),
        )}
        <h2>Webhooks</h2>
        <p class="muted">
          ${state.reached("webhooks") ? "Sent on every listing change and paid order" : "Not sent before the webhooks phase"};
          <code>POST /__sandbox/webhooks {url}</code> subscribes, <code>GET /__sandbox/webhooks/:id</code> lists a
          subscription's deliveries, <code>POST /__sandbox/webhooks/deliveries/:id/resend</code> sends one again. A
          delivery not answered 2xx within 15 s is tried again after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h (on the
          sandbox clock); an endpoint failing for 5 days is disabled.
        </p>
        ${table(
          ["Id", "URL", "Events", "Signing secret", "State"],
          webhooks.map((webhook) => [
            html`<code>${webhook.id}</code>`,
            html`<code>${webhook.url}</code>`,
            webhook.events.join(", "),
            html`<code>${webhook.secret}</code>`,
            webhook.disabled_at === null ? "enabled" : `disabled ${sandboxTime(webhook.disabled_at)}`,
          ]),
          "No subscriptions.",
        )}
        ${table(
          ["Delivery (webhook-id)", "Event", "To", "Attempts", "State", "Last answer", "Next attempt"],
          deliveries.map((delivery) => [
            html`<code>${delivery.id}</code>`,
            html`<code>${delivery.event_type} ${delivery.body.resource_url}</code>`,
            html`<code>${delivery.url}</code>`,
            delivery.attempts,
            delivery.state,
            delivery.status ?? delivery.error ?? "",
            delivery.next_attempt_at === null ? "" : sandboxTime(delivery.next_attempt_at),
          ]),
          "",
        )}
        <h2>Recent requests</h2>
        ${table(
          ["Time", "Request", "Status", "App", "Bearer user", "Grant", "Error"],
          requests.map((entry) => [
            entry.time.slice(11, 19),
            html`<code>${entry.method} ${entry.path}</code>`,
            entry.status,
            entry.app ?? (entry.api_key ? "unknown key" : "-"),
            entry.bearer_user ?? "-",
            entry.grant_type ?? "",
            entry.error ?? "",
          ]),
          "No requests yet.",
        )}`,
      true,
    );
  });
  routes.get("/favicon.ico", (c) => c.body(null, 204));
  return routes;
}
