import { Hono } from "hono";
import { jsonError, type Ctx, type SandboxEnv } from "../http.js";
import { needsToken } from "./credentials.js";
import { sha256 } from "../crypto.js";

type ShopRow = { shop_id: number; user_id: number; shop_name: string; title: string; currency_code: string; created_timestamp: number };

function shopJson(c: Ctx, shop: ShopRow) {
  const count = c.get("state").db.prepare("SELECT COUNT(*) FROM listings WHERE shop_id = ? AND state = 'active'").pluck().get(shop.shop_id) as number;
  return {
    shop_id: shop.shop_id,
    user_id: shop.user_id,
    shop_name: shop.shop_name,
    title: shop.title,
    url: `https://marketplace.example/shop/${shop.shop_name}`,
    currency_code: shop.currency_code,
    listing_active_count: count,
    create_date: shop.created_timestamp,
    created_timestamp: shop.created_timestamp,
    is_vacation: false,
  };
}

export function accountRoutes() {
  const routes = new Hono<SandboxEnv>();

  // GET /v3/application/openapi-ping
  routes.get("/openapi-ping", (c) => c.json({ application_id: c.get("apiApp")?.app_id }));

  // GET /v3/application/users/me
  routes.get("/users/me", needsToken("shops_r"), (c) => {
    const userId = c.get("bearer")?.user_id;
    const shop = c.get("state").db.prepare("SELECT shop_id FROM shops WHERE user_id = ?").get(userId) as { shop_id: number } | undefined;
    return c.json(shop ? { user_id: userId, shop_id: shop.shop_id } : { user_id: userId });
  });

  // GET /v3/application/shops/{shop_id}
  routes.get("/shops/:shop_id{[0-9]+}", (c) => {
    const shop = c.get("state").db.prepare("SELECT * FROM shops WHERE shop_id = ?").get(Number(c.req.param("shop_id"))) as ShopRow | undefined;
    return shop ? c.json(shopJson(c, shop)) : jsonError(c, 404, `Shop ${c.req.param("shop_id")} does not exist.`);
  });

  // GET /v3/application/users/{user_id}/shops
  routes.get("/users/:user_id{[0-9]+}/shops", (c) => {
    const shop = c.get("state").db.prepare("SELECT * FROM shops WHERE user_id = ?").get(Number(c.req.param("user_id"))) as ShopRow | undefined;
    return shop ? c.json(shopJson(c, shop)) : jsonError(c, 404, `User ${c.req.param("user_id")} has no shop.`);
  });

  // POST /v3/application/scopes (tokenScopes)
  routes.post("/scopes", async (c) => {
    const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const token = typeof body.token === "string" ? body.token : "";
    if (!token) return jsonError(c, 400, "token: is required.");
    const row = c.get("state").db.prepare("SELECT scopes FROM tokens WHERE token_hash = ? AND kind = 'access' AND app_id = ?").get(sha256(token), c.get("apiApp")?.app_id) as { scopes: string } | undefined;
    return c.json({ scopes: row ? row.scopes.split(" ").filter(Boolean) : [] });
  });

  return routes;
}
