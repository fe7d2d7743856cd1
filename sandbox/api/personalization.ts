import { z } from "zod";
import { storedBytes } from "../space-limits.js";
import { personalizationWriteSchema } from "../../lib/personalization/schema.js";
import { jsonError, jsonText, requestHeader } from "../http.js";
import { getListingRow, replaceQuestions } from "../store/listing-store.js";
import { type StoredQuestion } from "../wire.js";
import { defineRoute, errorSchema, idParam, refusals, reply, type BodyReader } from "./routes.js";
import { examples } from "./examples.js";
import { notVisibleRefusal, ownedListing, visible } from "./access.js";
import { personalizationSchema } from "../wire.js";
import {
  multiQuestionWriteSchema,
  questionWriteRules,
  replaceableBySingleQuestion,
  storedQuestionSet,
} from "./multi-question.js";
import { QUESTIONS_MAX } from "../../lib/personalization/question-draft.js";
import { QUESTION_TYPES } from "../../lib/personalization/question-types.js";
import type { SandboxState } from "../state.js";

const ownedListingParams = z.object({
  shop_id: idParam("The seller's shop."),
  listing_id: idParam("A listing in that shop."),
});

const questionsReply = (description: string) =>
  reply(description, personalizationSchema, () => examples().personalization);

const MULTI_FLAG = "supports_multiple_personalization_questions";

const writeQuery = z.object({
  [MULTI_FLAG]: z
    .enum(["true", "false", "1", "0"], { error: `${MULTI_FLAG} must be true, false, 1 or 0.` })
    .optional()
    .meta({
      description:
        "Multi-question phase only (docs/marketplace.md §9.4): true (or 1) accepts several questions of every type and may replace any; without it a write that would drop questions is refused with 409.",
    }),
});

const UTF8 = new TextDecoder("utf-8", { fatal: true });

/** A JSON body, and nothing else (docs/marketplace.md §10.1). */
export const jsonBody: BodyReader = {
  contentTypes: ["application/json"],
  read: async (c) => {
    const type = requestHeader(c, "content-type") ?? "";
    if (!/^application\/json\s*(;|$)/i.test(type)) return jsonError(c, 415, "Content-Type must be application/json.");
    let text: string;
    try {
      // RFC 8259 8.1: JSON text is UTF-8; bytes that are not are refused, never stored as replacement characters.
      text = UTF8.decode(await c.req.arrayBuffer());
    } catch {
      return jsonError(c, 400, "body: must be UTF-8 text.");
    }
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return jsonError(c, 400, "body: must be valid JSON.");
    }
  },
};

/** What writes the sandbox takes now; sandbox-only (GET /__sandbox/personalization-capabilities), the live API has no such read. */
export function personalizationCapabilities(state: SandboxState) {
  const multi = state.reached("multi-question");
  return {
    phase: state.phase,
    supports_multiple_personalization_questions: multi,
    max_questions: multi ? QUESTIONS_MAX : 1,
    question_types: multi ? [...QUESTION_TYPES] : ["text_input"],
    add_on_prices: state.reached("add-on-prices"),
    add_on_price_required_on_resend: state.reached("add-on-resend"),
    webhooks: state.reached("webhooks"),
  };
}

export const personalizationRoutes = [
  defineRoute({
    method: "get",
    path: "/v3/application/listings/:listing_id{[0-9]+}/personalization",
    operationId: "getListingPersonalization",
    summary: "The personalization questions of a listing",
    tags: ["Personalization"],
    access: { token: "optional" },
    params: z.object({ listing_id: idParam("The listing.") }),
    responses: {
      200: questionsReply("The listing's questions (an empty list when it has none)."),
      ...refusals(401, 403, 404, 429),
    },
    handler: (c, { params }) => {
      const row = getListingRow(c.get("state").db, params.listing_id);
      if (!row || !visible(c, row)) return notVisibleRefusal(c);
      return c.json({ personalization_questions: JSON.parse(row.questions) as StoredQuestion[] });
    },
  }),

  defineRoute({
    method: "post",
    path: "/v3/application/shops/:shop_id{[0-9]+}/listings/:listing_id{[0-9]+}/personalization",
    operationId: "updateListingPersonalization",
    summary: "Replace the personalization questions of a listing",
    description:
      "Full replacement (docs/marketplace.md §3.1). During the migration period exactly one text_input question titled Personalization. From 2026-05-11, with supports_multiple_personalization_questions=true, 1 to 5 questions of the types text_input, dropdown, unlabeled_upload and labeled_upload; a question_id or option_id sent back keeps that question or option, with or without the flag, and a question is taken as getListingPersonalization returns it (question_id, null max_allowed_files and options, add_on_price); fields beyond these are refused with 400 naming them. From 2026-07-20 an optional text_input question may carry add_on_price, and from 2026-08-20 a question re-sent with its question_id must carry the add_on_price it has.",
    tags: ["Personalization"],
    access: { token: "required", scope: "listings_w" },
    params: ownedListingParams,
    query: writeQuery,
    body: { schema: z.union([personalizationWriteSchema, multiQuestionWriteSchema]), reader: jsonBody },
    responses: {
      201: questionsReply("The questions as stored, each with its new question_id."),
      409: reply("Multi-question phase: the listing has questions a single-question write would drop.", errorSchema),
      ...refusals(400, 401, 403, 404, 413, 415, 429),
    },
    handler: async (c, { params, query, body }) => {
      const row = ownedListing(c, params);
      if (row instanceof Response) return row;
      const input = query();
      if (input instanceof Response) return input;
      const state = c.get("state");
      const multiPeriod = state.reached("multi-question");
      const multi = multiPeriod && (input[MULTI_FLAG] === "true" || input[MULTI_FLAG] === "1");
      const current = JSON.parse(row.questions) as StoredQuestion[];
      if (multiPeriod && !multi && !replaceableBySingleQuestion(current)) {
        const what = current.map((question) => `${question.question_type} "${question.question_text}"`).join(", ");
        return jsonError(
          c,
          409,
          `Listing ${row.listing_id} has personalization questions that one text question would replace (${what}). Send ${MULTI_FLAG}=true to replace them.`,
        );
      }
      // docs/marketplace.md §13: with or without the flag, a question read back (ids, nulls, add-on price) is written
      // by the same rules; without it, the one text question of the migration period.
      const write = await body(questionWriteRules(state.phase, multi));
      if (write instanceof Response) return write;
      const questions = storedQuestionSet(write, { phase: state.phase, currency: row.currency_code, current });
      if ("error" in questions) return jsonError(c, 400, questions.error);
      const full = state.refusal("bytes", storedBytes(questions));
      if (full) return jsonError(c, 403, full);
      const questionsText = replaceQuestions(state.db, row.listing_id, questions, state.now());
      state.webhooks.listingChanged("listing.updated", row.listing_id);
      return jsonText(c, `{"personalization_questions":${questionsText}}`, 201);
    },
  }),

  defineRoute({
    method: "delete",
    path: "/v3/application/shops/:shop_id{[0-9]+}/listings/:listing_id{[0-9]+}/personalization",
    operationId: "deleteListingPersonalization",
    summary: "Remove every personalization question of a listing",
    tags: ["Personalization"],
    access: { token: "required", scope: "listings_w" },
    params: ownedListingParams,
    responses: { 204: reply("Removed; the listing is no longer personalizable."), ...refusals(401, 403, 404, 429) },
    handler: (c, { params }) => {
      const row = ownedListing(c, params);
      if (row instanceof Response) return row;
      const state = c.get("state");
      replaceQuestions(state.db, row.listing_id, [], state.now());
      state.webhooks.listingChanged("listing.updated", row.listing_id);
      return c.body(null, 204);
    },
  }),
];
