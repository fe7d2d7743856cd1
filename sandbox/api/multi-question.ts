import { randomInt } from "node:crypto";
import { editableInSingleQuestionEditor } from "../../lib/personalization/single-question-period.js";
import { personalizationWriteSchema, priceValue } from "../../lib/personalization/schema.js";
import {
  questionSetWriteSchema,
  type QuestionSetWrite,
  type QuestionWrite,
} from "../../lib/personalization/question-set.js";
import { PHASE_STARTS, phaseReached, type Phase } from "../phases.js";
import type { StoredQuestion } from "../wire.js";

// What a write stores (docs/marketplace.md §9.4, §13): the rules are the editor's own, in lib/personalization/;
// what needs the listing as stored (ids, add-on prices) is here, for writes with or without the flag.

export const multiQuestionWriteSchema = questionSetWriteSchema;

/**
 * docs/marketplace.md §13: the rules a write of questions is held to in `phase`. Several questions (instructions of at
 * most 120) from the multi-question period when the write asks for them (the API's flag; a seller in Shop Manager
 * always may); otherwise the migration period's one text question (instructions of at most 256).
 */
export const questionWriteRules = (phase: Phase, several: boolean) =>
  several && phaseReached(phase, "multi-question") ? multiQuestionWriteSchema : personalizationWriteSchema;

/** docs/marketplace.md §9.6: what a single-question write may replace without dropping anything buyers are asked. */
export const replaceableBySingleQuestion = (questions: StoredQuestion[]) =>
  editableInSingleQuestionEditor({
    questions: questions.map((question) => ({ type: question.question_type, title: question.question_text })),
  });

export const newId = () => randomInt(1_000_000_000, 281_474_976_710_655);

type Context = { phase: Phase; currency: string; current: StoredQuestion[] };

export function storedQuestionSet(write: QuestionSetWrite, context: Context): StoredQuestion[] | { error: string } {
  const currentById = new Map(context.current.map((question) => [question.question_id, question]));
  const usedQuestionIds = new Set<number>();
  const stored: StoredQuestion[] = [];
  for (const [index, question] of write.personalization_questions.entries()) {
    const field = `personalization_questions[${index}].add_on_price`;
    const sentId = question.question_id ?? undefined;
    const kept = sentId !== undefined && !usedQuestionIds.has(sentId) ? currentById.get(sentId) : undefined;
    if (kept) usedQuestionIds.add(kept.question_id);
    const price = addOnPrice(question, context);
    if ("error" in price) return { error: `${field}: ${price.error}` };
    // docs/marketplace.md §13.7: re-sending a priced question without the key would silently drop what buyers pay.
    if (phaseReached(context.phase, "add-on-resend") && kept?.add_on_price && !Object.hasOwn(question, "add_on_price"))
      return {
        error: `${field}: is required when re-sending a question that has an add-on price; send its current value to keep it, or 0 or null to remove it`,
      };
    stored.push({
      question_id: kept?.question_id ?? newId(),
      question_type: question.question_type,
      question_text: question.question_text,
      instructions: question.instructions ? question.instructions : null,
      required: question.required,
      max_allowed_characters: "max_allowed_characters" in question ? (question.max_allowed_characters ?? null) : null,
      max_allowed_files: "max_allowed_files" in question ? (question.max_allowed_files ?? null) : null,
      options: "options" in question && question.options ? keptOptions(question.options, kept) : null,
      add_on_price: price.money,
    });
  }
  return stored;
}

function keptOptions(options: { option_id?: number | null; label: string }[], kept: StoredQuestion | undefined) {
  const currentIds = new Set(kept?.options?.map((option) => option.option_id));
  const used = new Set<number>();
  return options.map(({ option_id, label }) => {
    const keep = option_id != null && currentIds.has(option_id) && !used.has(option_id);
    if (keep) used.add(option_id);
    return { option_id: keep ? option_id : newId(), label };
  });
}

function addOnPrice(
  question: QuestionWrite,
  { phase, currency }: Context,
): { money: StoredQuestion["add_on_price"] } | { error: string } {
  const price = question.add_on_price;
  const value = priceValue(price);
  if (value === 0) return { money: null };
  if (!phaseReached(phase, "add-on-prices"))
    return { error: `add-on prices are taken from ${PHASE_STARTS["add-on-prices"]}; send null or leave it out` };
  if (typeof price === "object" && price !== null && price.currency_code !== currency)
    return { error: `currency_code must be the shop's currency, ${currency}` };
  const cents = Math.round(value * 100);
  if (Math.abs(cents - value * 100) > 1e-6) return { error: `must be a whole number of cents of ${currency}` };
  return { money: { amount: cents, divisor: 100, currency_code: currency } };
}
