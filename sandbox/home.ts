import { Hono } from "hono";
import { html } from "hono/html";
import type { SandboxEnv } from "./http.js";
import type { AppRow } from "./store/db.js";
import { page } from "./oauth/pages.js";

type SellerRow = {
  user_id: number;
  email: string;
  password_hint: string;
  shop_id: number | null;
  shop_name: string | null;
  listings: number;
};

const table = (headers: string[], rows: unknown[][]) =>
  html`<table>
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
    const webhooks = state.webhooks.list();
    const deliveries = state.webhooks.recentDeliveries().slice(0, 20);
    return page(
      c,
      200,
      "Home",
      html`<h1>Marketplace sandbox</h1>
        <p>
          An emulator of the marketplace API v3 for local development. Base URL and authorization URL:
          <code>${new URL(c.req.url).origin}</code>. Control API under <code>/__sandbox</code> (see the project README).
        </p>
        <p>
          Phase: <strong>${state.phase}</strong>
          (${state.pinnedPhase ? "pinned" : html`the sandbox clock's date, ${new Date(state.now() * 1000).toISOString().slice(0, 10)}`};
          <code>--phase</code> or <code>POST /__sandbox/phase</code> pins one).
        </p>
        <h2>Applications</h2>
        <table>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Keystring (client_id)</th>
              <th scope="col">Shared secret</th>
              <th scope="col">Redirect URIs</th>
              <th scope="col">Rate limit</th>
            </tr>
          </thead>
          <tbody>
            ${apps.map(
              (app) =>
                html`<tr>
                  <td>${app.name}</td>
                  <td><code>${app.keystring}</code></td>
                  <td><code>${app.shared_secret}</code></td>
                  <td>${(JSON.parse(app.redirect_uris) as string[]).map((uri) => html`<code>${uri}</code> `)}</td>
                  <td>${app.per_second}/s, ${app.per_day}/day</td>
                </tr>`,
            )}
          </tbody>
        </table>
        <h2>Sellers</h2>
        <table>
          <thead>
            <tr>
              <th scope="col">Email</th>
              <th scope="col">Password</th>
              <th scope="col">User id</th>
              <th scope="col">Shop</th>
              <th scope="col">Listings</th>
            </tr>
          </thead>
          <tbody>
            ${sellers.map(
              (seller) =>
                html`<tr>
                  <td>${seller.email}</td>
                  <td><code>${seller.password_hint}</code></td>
                  <td>${seller.user_id}</td>
                  <td>${seller.shop_name ? `${seller.shop_name} (${seller.shop_id})` : "no shop"}</td>
                  <td>${seller.listings}</td>
                </tr>`,
            )}
          </tbody>
        </table>
        <h2>Webhooks</h2>
        <p class="muted">
          ${state.reached("webhooks") ? "Sent on every listing change" : "Not sent before the webhooks phase"};
          <code>POST /__sandbox/webhooks {url}</code> subscribes.
        </p>
        ${
          webhooks.length === 0
            ? html`<p class="muted">No subscriptions.</p>`
            : table(
                ["Id", "URL", "Events", "Signing secret"],
                webhooks.map((webhook) => [
                  html`<code>${webhook.id}</code>`,
                  html`<code>${webhook.url}</code>`,
                  webhook.events.join(", "),
                  html`<code>${webhook.secret}</code>`,
                ]),
              )
        }
        ${
          deliveries.length === 0
            ? ""
            : table(
                ["Event", "To", "Attempts", "State", "Last answer"],
                deliveries.map((delivery) => [
                  html`<code>${delivery.event_type} ${delivery.event_id}</code>`,
                  html`<code>${delivery.url}</code>`,
                  delivery.attempts,
                  delivery.state,
                  delivery.status ?? delivery.error ?? "",
                ]),
              )
        }
        <h2>Recent requests</h2>
        ${
          requests.length === 0
            ? html`<p class="muted">No requests yet.</p>`
            : html`<table>
                <thead>
                  <tr>
                    <th scope="col">Time</th>
                    <th scope="col">Request</th>
                    <th scope="col">Status</th>
                    <th scope="col">App</th>
                    <th scope="col">Bearer user</th>
                    <th scope="col">Grant</th>
                    <th scope="col">Error</th>
                  </tr>
                </thead>
                <tbody>
                  ${requests.map(
                    (entry) =>
                      html`<tr>
                        <td>${entry.time.slice(11, 19)}</td>
                        <td><code>${entry.method} ${entry.path}</code></td>
                        <td>${entry.status}</td>
                        <td>${entry.app ?? (entry.api_key ? "unknown key" : "-")}</td>
                        <td>${entry.bearer_user ?? "-"}</td>
                        <td>${entry.grant_type ?? ""}</td>
                        <td>${entry.error ?? ""}</td>
                      </tr>`,
                  )}
                </tbody>
              </table>`
        }`,
      true,
    );
  });
  routes.get("/favicon.ico", (c) => c.body(null, 204));
  return routes;
}
