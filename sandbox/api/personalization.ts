import { Hono } from "hono";
import { randomInt } from "node:crypto";
import type { z } from "zod";
import { describeFirstIssue, personalizationWriteSchema } from "../../lib/personalization/schema.js";
import { jsonError, type Ctx, type SandboxEnv } from "../http.js";
import { needsToken, optionalToken, hasScope } from "./credentials.js";
import { getListingRow, replaceQuestions, type StoredQuestion } from "../listing-store.js";

/** The shop in the path must be the caller's, and the listing must be in it (decisions.md "Not owner"). */
function ownedListing(c: Ctx) {
  const db = c.get("state").db;
  const shopId = Number(c.req.param("shop_id"));
  const shop = db.prepare("SELECT user_id FROM shops WHERE shop_id = ?").get(shopId) as { user_id: number } | undefined;
  if (!shop) return jsonError(c, 404, `Shop ${c.req.param("shop_id")} does not exist.`);
  if (shop.user_id !== c.get("bearer")?.user_id) return jsonError(c, 403, `Shop ${shopId} does not belong to the user of this token.`);
  const row = getListingRow(db, Number(c.req.param("listing_id")));
  if (!row) return jsonError(c, 404, `Listing ${c.req.param("listing_id")} does not exist.`);
  if (row.shop_id !== shopId) return jsonError(c, 403, `Listing ${row.listing_id} does not belong to shop ${shopId}.`);
  return row;
}

/** decisions.md "Validation failure": always `<field>: <reason>`; an issue with the whole body names `body`. */
function validationMessage(error: z.ZodError) {
  const message = describeFirstIssue(error);
  return error.issues[0]?.path.length ? message : `body: ${message}`;
}

async function readJson(c: Ctx): Promise<unknown> {
  const type = c.req.header("content-type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(type)) return jsonError(c, 415, "Content-Type must be application/json.");
  const text = await c.req.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return jsonError(c, 400, "body: must be valid JSON.");
  }
}

export function personalizationRoutes() {
  const routes = new Hono<SandboxEnv>();

  // GET /v3/application/listings/{listing_id}/personalization
  routes.get("/listings/:listing_id{[0-9]+}/personalization", optionalToken, (c) => {
    const row = getListingRow(c.get("state").db, Number(c.req.param("listing_id")));
    const ownerView = row && c.get("bearer")?.user_id === row.user_id && hasScope(c, "listings_r");
    if (!row || (row.state !== "active" && !ownerView)) return jsonError(c, 404, `Listing ${c.req.param("listing_id")} does not exist or is not visible to this caller.`);
    return c.json({ personalization_questions: JSON.parse(row.questions) as StoredQuestion[] });
  });

  // POST /v3/application/shops/{shop_id}/listings/{listing_id}/personalization
  routes.post("/shops/:shop_id{[0-9]+}/listings/:listing_id{[0-9]+}/personalization", needsToken("listings_w"), async (c) => {
    const row = ownedListing(c);
    if (row instanceof Response) return row;
    const body = await readJson(c);
    if (body instanceof Response) return body;
    const parsed = personalizationWriteSchema.safeParse(body);
    if (!parsed.success) return jsonError(c, 400, validationMessage(parsed.error));
    const questions: StoredQuestion[] = parsed.data.personalization_questions.map((question) => ({
      question_id: randomInt(1_000_000_000, 281_474_976_710_655),
      question_type: question.question_type,
      question_text: question.question_text,
      instructions: question.instructions ? question.instructions : null,
      required: question.required,
      max_allowed_characters: question.max_allowed_characters,
      max_allowed_files: null,
      options: null,
    }));
    const state = c.get("state");
    replaceQuestions(state.db, row.listing_id, questions, state.now());
    return c.json({ personalization_questions: questions }, 201);
  });

  // DELETE /v3/application/shops/{shop_id}/listings/{listing_id}/personalization
  routes.delete("/shops/:shop_id{[0-9]+}/listings/:listing_id{[0-9]+}/personalization", needsToken("listings_w"), (c) => {
    const row = ownedListing(c);
    if (row instanceof Response) return row;
    const state = c.get("state");
    replaceQuestions(state.db, row.listing_id, [], state.now());
    return c.body(null, 204);
  });

  return routes;
}
