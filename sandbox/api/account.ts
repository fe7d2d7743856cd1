import { z } from "zod";
import { jsonError } from "../http.js";
import { sha256 } from "../crypto.js";
import { defineRoute, idParam, refusals, reply } from "./routes.js";
import { meSchema, shopSchema } from "../wire.js";
import { getShopRow, getShopRowOfUser, shopJson } from "../store/shop-store.js";

export const accountRoutes = [
  defineRoute({
    method: "get",
    path: "/v3/application/openapi-ping",
    operationId: "ping",
    summary: "Check the API key",
    tags: ["Other"],
    access: { token: "none" },
    responses: {
      200: reply("The application the key belongs to.", z.object({ application_id: z.int() })),
      ...refusals(401, 403, 429),
    },
    handler: (c) => c.json({ application_id: c.get("apiApp")?.app_id }),
  }),

  defineRoute({
    method: "get",
    path: "/v3/application/users/me",
    operationId: "getMe",
    summary: "The user of the access token, and their shop",
    tags: ["User"],
    access: { token: "required", scope: "shops_r" },
    responses: {
      200: reply("The user id, and the shop id when the user has a shop.", meSchema),
      ...refusals(401, 403, 429),
    },
    handler: (c) => {
      const userId = c.get("bearer")?.user_id;
      const shop = c.get("state").db.prepare("SELECT shop_id FROM shops WHERE user_id = ?").get(userId) as
        { shop_id: number } | undefined;
      return c.json(shop ? { user_id: userId, shop_id: shop.shop_id } : { user_id: userId });
    },
  }),

  defineRoute({
    method: "get",
    path: "/v3/application/shops/:shop_id{[0-9]+}",
    operationId: "getShop",
    summary: "A shop",
    tags: ["Shop"],
    access: { token: "none" },
    params: z.object({ shop_id: idParam("The shop.") }),
    responses: { 200: reply("The shop.", shopSchema), ...refusals(401, 403, 404, 429) },
    handler: (c, { params }) => {
      const db = c.get("state").db;
      const shop = getShopRow(db, params.shop_id);
      return shop ? c.json(shopJson(db, shop)) : jsonError(c, 404, `Shop ${c.req.param("shop_id")} does not exist.`);
    },
  }),

  defineRoute({
    method: "get",
    path: "/v3/application/users/:user_id{[0-9]+}/shops",
    operationId: "getShopByOwnerUserId",
    summary: "The shop of a user",
    tags: ["Shop"],
    access: { token: "none" },
    params: z.object({ user_id: idParam("The shop's owner.") }),
    responses: { 200: reply("The user's shop.", shopSchema), ...refusals(401, 403, 404, 429) },
    handler: (c, { params }) => {
      const db = c.get("state").db;
      const shop = getShopRowOfUser(db, params.user_id);
      return shop ? c.json(shopJson(db, shop)) : jsonError(c, 404, `User ${c.req.param("user_id")} has no shop.`);
    },
  }),

  defineRoute({
    method: "post",
    path: "/v3/application/scopes",
    operationId: "tokenScopes",
    summary: "The scopes of an access token of this application",
    tags: ["Other"],
    access: { token: "none" },
    body: {
      schema: z.object({ token: z.string({ error: "is required." }).min(1, { error: "is required." }) }),
      reader: {
        contentTypes: ["application/x-www-form-urlencoded", "multipart/form-data"],
        read: (c) => c.req.parseBody().catch(() => ({})),
      },
    },
    responses: {
      200: reply("The token's scopes; none when the token is unknown.", z.object({ scopes: z.array(z.string()) })),
      ...refusals(400, 401, 403, 429),
    },
    handler: async (c, { body }) => {
      const input = await body();
      if (input instanceof Response) return input;
      const row = c
        .get("state")
        .db.prepare("SELECT scopes FROM tokens WHERE token_hash = ? AND kind = 'access' AND app_id = ?")
        .get(sha256(input.token), c.get("apiApp")?.app_id) as { scopes: string } | undefined;
      return c.json({ scopes: row ? row.scopes.split(" ").filter(Boolean) : [] });
    },
  }),
];
