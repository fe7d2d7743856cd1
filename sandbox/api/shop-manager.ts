import { z } from "zod";
import { storedBytes } from "../space-limits.js";
import { jsonError, type Ctx } from "../http.js";
import { questionWriteRules, storedQuestionSet } from "./multi-question.js";
import { LISTING_STATES, type StoredQuestion } from "../wire.js";
import { deleteListing, getListingRow, replaceQuestions, updateListingFields } from "../store/listing-store.js";
import { listingJson } from "../store/listing-json.js";
import { statement } from "../store/db.js";
import { viewOf } from "./listings.js";
import { validationMessage } from "./routes.js";

const editBody = z.strictObject({
  title: z.string().min(1).optional(),
  description: z.string().optional(),
  quantity: z.int().min(0).optional(),
  price: z.number().positive().optional().meta({ description: "In the shop's currency, e.g. 12.50." }),
  state: z.enum(LISTING_STATES).optional(),
  tags: z.array(z.string()).optional(),
  personalization_questions: z.array(z.unknown()).optional().meta({ description: "An empty list removes them." }),
});

/** PATCH /__sandbox/listings/:id: fields and/or personalization, as the seller would change them. */
export async function shopManagerEdit(c: Ctx, listingId: number) {
  const state = c.get("state");
  const row = getListingRow(state.db, listingId);
  if (!row) return jsonError(c, 404, "No such listing.");
  const parsed = editBody.safeParse(await c.req.json().catch(() => undefined));
  if (!parsed.success) return jsonError(c, 400, validationMessage(parsed.error));
  const edit = parsed.data;

  let questions: StoredQuestion[] | undefined;
  if (edit.personalization_questions?.length) {
    // The live rules of the sandbox's date, by the API write's own choice (docs/sandbox.md, the control API).
    const write = questionWriteRules(state.phase, true).safeParse({
      personalization_questions: edit.personalization_questions,
    });
    if (!write.success) return jsonError(c, 400, validationMessage(write.error));
    const currency = statement(state.db, "SELECT currency_code FROM shops WHERE shop_id = ?")
      .pluck()
      .get(row.shop_id) as string;
    const set = storedQuestionSet(write.data, {
      phase: state.phase,
      currency,
      current: JSON.parse(row.questions) as StoredQuestion[],
    });
    if ("error" in set) return jsonError(c, 400, set.error);
    questions = set;
  } else if (edit.personalization_questions) questions = [];

  const changes = {
    title: edit.title,
    description: edit.description,
    quantity: edit.quantity,
    state: edit.state,
    price_amount: edit.price === undefined ? undefined : Math.round(edit.price * 100),
    tags: edit.tags === undefined ? undefined : JSON.stringify(edit.tags),
  };
  const full = state.refusal("bytes", storedBytes(changes) + storedBytes(questions));
  if (full) return jsonError(c, 403, full);
  state.db.transaction(() => {
    updateListingFields(state.db, listingId, changes, state.now());
    if (questions) replaceQuestions(state.db, listingId, questions, state.now());
  })();
  state.webhooks.listingChanged("listing.updated", listingId);
  const updated = getListingRow(state.db, listingId);
  return c.json(updated && listingJson(state.db, updated, viewOf(c, ["Personalization"])));
}

export function shopManagerDelete(c: Ctx, listingId: number) {
  const state = c.get("state");
  const row = getListingRow(state.db, listingId);
  if (!row) return jsonError(c, 404, "No such listing.");
  deleteListing(state.db, listingId);
  state.webhooks.listingChanged("listing.deleted", listingId, { shop_id: row.shop_id });
  return c.body(null, 204);
}
