// No zod here: the review page ships these types and the field diff to the browser.
import { samePrice } from "./money";
import type { MoneyWire as Money } from "./wire";

export type StoredOption = { option_id?: number; label: string };

// Kept exactly as read: every write replaces all questions and drops any id or add-on price it does not
// re-send (docs/marketplace.md §13).
export type StoredQuestion = {
  question_id?: number;
  question_type: string;
  question_text: string;
  instructions: string | null;
  required: boolean;
  max_allowed_characters: number | null;
  max_allowed_files: number | null;
  options: StoredOption[] | null;
  /** Absent when the marketplace's read does not carry the field at all (before 2026-07-20). */
  add_on_price?: Money | null;
};

export type ListingQuestions = {
  listingId: number;
  title: string;
  state: string;
  currencyCode: string | null;
  lastModified: number | null;
  questions: StoredQuestion[];
};

export const isUpload = (type: string) => type === "unlabeled_upload" || type === "labeled_upload";

export function sameQuestion(a: StoredQuestion, b: StoredQuestion) {
  return (
    a.question_id === b.question_id &&
    a.question_type === b.question_type &&
    a.question_text === b.question_text &&
    (a.instructions ?? "") === (b.instructions ?? "") &&
    a.required === b.required &&
    a.max_allowed_characters === b.max_allowed_characters &&
    a.max_allowed_files === b.max_allowed_files &&
    (a.options ?? []).length === (b.options ?? []).length &&
    (a.options ?? []).every(
      (option, index) => option.label === b.options?.[index]?.label && option.option_id === b.options[index]?.option_id,
    ) &&
    samePrice(a.add_on_price, b.add_on_price)
  );
}

export const sameQuestions = (a: readonly StoredQuestion[], b: readonly StoredQuestion[]) =>
  a.length === b.length && a.every((question, index) => sameQuestion(question, b[index]!));
