import type { PersonalizationPhase } from "../env-schema";
import { formatMoney, samePrice } from "../marketplace/money";
import type { ListingQuestions } from "../marketplace/question-wire";
import { sameQuestions, unrepresentableReason } from "../personalization/snapshot";
import type { Question } from "../marketplace/wire";
import { snapshotOfQuestionSet } from "../personalization/snapshot-codec";
import { phaseProblem } from "../writes/phase-problem";
import { addOnPriceRules, brokenAddOnPriceRule, moneyOfPriceText } from "../personalization/add-on-price";
import { editableInSingleQuestionEditor } from "../personalization/single-question-period";
import { QUESTIONS_MAX } from "../personalization/question-draft";
import type { QuestionForm } from "../personalization/question-set";
import { QUESTION_TYPE_NAMES, type QuestionType } from "../personalization/question-types";

export type Change =
  | { kind: "text-instructions"; instructions: string }
  | { kind: "text-limit"; limit: number }
  | { kind: "text-required"; required: boolean }
  /** A decimal in the listing's currency, such as "2.50"; "" removes the price. */
  | { kind: "text-add-on-price"; price: string }
  /** `position` counts from 1; past the end, or none, adds it last. `currency`: the shop's, for its add-on price. */
  | { kind: "add-question"; question: QuestionForm; position?: number; currency?: string }
  | { kind: "remove-type"; type: QuestionType }
  | { kind: "replace-set"; questions: QuestionForm[]; currency?: string }
  | { kind: "remove-personalization" };

export type ChangeOutcome =
  { outcome: "change"; after: Question[] } | { outcome: "unchanged" } | { outcome: "skipped"; reason: string };

const typeName = (type: string) => QUESTION_TYPE_NAMES[type as QuestionType]?.toLowerCase() ?? type;

/** `currency`: the shop's, for an add-on price typed in the question set's fields. */
function questionOf(form: QuestionForm, currency?: string): Question {
  const [asked] = snapshotOfQuestionSet([form]).questions;
  const price = form.type === "text_input" && currency ? moneyOfPriceText(form.addOnPrice ?? "", currency) : null;
  const { id: _id, optionIds: _none, addOnPrice: _price, ...question } = asked!;
  return { ...question, ...(price && { addOnPrice: price }) };
}

export function addOnPriceProblem(text: string): string | undefined {
  const broken = brokenAddOnPriceRule(text);
  return broken && addOnPriceRules[broken];
}

function textQuestionIndex(questions: readonly Question[]): number | string {
  const indexes = questions.flatMap((question, index) => (question.type === "text_input" ? [index] : []));
  if (indexes.length === 0) return "It asks buyers no text question, so there is nothing of that kind to change.";
  if (indexes.length > 1)
    return `It asks buyers ${indexes.length} text questions, and this change cannot tell which one to change: change it in the listing's editor.`;
  return indexes[0]!;
}

function editText(questions: readonly Question[], edit: (question: Question) => Question | string): ChangeOutcome {
  const index = textQuestionIndex(questions);
  if (typeof index === "string") return { outcome: "skipped", reason: index };
  const edited = edit(questions[index]!);
  if (typeof edited === "string") return { outcome: "skipped", reason: edited };
  return { outcome: "change", after: questions.map((question, at) => (at === index ? edited : question)) };
}

function edited(listing: ListingQuestions, change: Change): ChangeOutcome {
  const { questions } = listing;
  switch (change.kind) {
    case "text-instructions":
      return editText(questions, (question) => ({ ...question, instructions: change.instructions }));
    case "text-limit":
      return editText(questions, (question) => ({ ...question, maxAllowedCharacters: change.limit }));
    case "text-required":
      return editText(questions, (question) =>
        change.required && question.addOnPrice && question.addOnPrice.amount > 0
          ? "Its text question charges an add-on price, and only optional questions can: remove the price first."
          : { ...question, required: change.required },
      );
    case "text-add-on-price": {
      const problem = addOnPriceProblem(change.price);
      if (problem) return { outcome: "skipped", reason: problem };
      return editText(questions, (question) => {
        const price = moneyOfPriceText(change.price, listing.currencyCode ?? "USD");
        if (price && question.required)
          return "Its text question is required, and only optional questions can charge an add-on price.";
        // A price equal in value keeps the stored Money exactly, so the write re-sends what was read.
        return samePrice(price, question.addOnPrice) ? question : { ...question, addOnPrice: price };
      });
    }
    case "add-question": {
      if (questions.length >= QUESTIONS_MAX)
        return {
          outcome: "skipped",
          reason: `It already asks buyers ${QUESTIONS_MAX} questions, the most a listing can.`,
        };
      const at = Math.min(Math.max(0, (change.position ?? Infinity) - 1), questions.length);
      return {
        outcome: "change",
        after: [...questions.slice(0, at), questionOf(change.question, change.currency), ...questions.slice(at)],
      };
    }
    case "remove-type": {
      const kept = questions.filter((question) => question.type !== change.type);
      if (kept.length === questions.length)
        return { outcome: "skipped", reason: `It asks buyers no ${typeName(change.type)} question.` };
      return { outcome: "change", after: kept };
    }
    case "replace-set": {
      const unmatched = new Set(questions);
      const after = change.questions.map((form) => {
        const question = questionOf(form, change.currency);
        const held = [...unmatched].find((each) => each.type === question.type && each.title === question.title);
        if (!held) return question;
        unmatched.delete(held);
        return heldKept(question, held);
      });
      return { outcome: "change", after };
    }
    case "remove-personalization":
      return { outcome: "change", after: [] };
  }
}

/**
 * A question of the new set that the listing already asks keeps its ids (the marketplace keeps the buyers' answers to
 * it) and, when the seller typed no price, the add-on price the listing charges for it.
 */
function heldKept(question: Question, held: Question): Question {
  const optionIds = question.options?.map((label, index) =>
    held.options?.[index] === label ? (held.optionIds?.[index] ?? null) : null,
  );
  const keepsPrice = question.addOnPrice === undefined && held.addOnPrice !== undefined && !question.required;
  return {
    ...(held.id !== undefined && { id: held.id }),
    ...question,
    ...(optionIds?.some((id) => id !== null) && { optionIds }),
    ...(keepsPrice && { addOnPrice: held.addOnPrice }),
  };
}

export function applyChange(listing: ListingQuestions, change: Change, phase: PersonalizationPhase): ChangeOutcome {
  // Before the multi-question period, what the single-question editor cannot show is never written over.
  if (phase === "single" && !editableInSingleQuestionEditor(listing))
    return { outcome: "skipped", reason: unrepresentableReason(listing) };
  const result = edited(listing, change);
  return result.outcome === "change" ? applyTarget(listing, result.after, phase) : result;
}

export function applyTarget(listing: ListingQuestions, after: Question[], phase: PersonalizationPhase): ChangeOutcome {
  if (sameQuestions(after, listing.questions)) return { outcome: "unchanged" };
  const problem = phaseProblem(after, phase);
  return problem ? { outcome: "skipped", reason: problem } : { outcome: "change", after };
}

/** `currencyCode`: the listings', so a price reads as money ("$4.00"), never as a bare number. */
export function describeChange(change: Change, currencyCode?: string | null): string {
  switch (change.kind) {
    case "text-instructions":
      return change.instructions
        ? `Set the text question's instructions to “${change.instructions}”`
        : "Clear the text question's instructions";
    case "text-limit":
      return `Set the text question's character limit to ${change.limit}`;
    case "text-required":
      return change.required ? "Make the text question required" : "Make the text question optional";
    case "text-add-on-price": {
      if (!change.price.trim()) return "Remove the text question's add-on price";
      const money = moneyOfPriceText(change.price, currencyCode ?? "USD");
      return `Set the text question's add-on price to ${money ? formatMoney(money) : change.price.trim()}`;
    }
    case "add-question": {
      const where = change.position === undefined ? "last" : `at position ${change.position}`;
      return `Add the ${typeName(change.question.type)} question “${change.question.title}” ${where}`;
    }
    case "remove-type":
      return `Remove every ${typeName(change.type)} question`;
    case "replace-set":
      return `Replace every question with ${change.questions.length} new ${change.questions.length === 1 ? "one" : "ones"}`;
    case "remove-personalization":
      return "Remove personalization";
  }
}
