// No zod here: the review page ships these types and the field diff to the browser.

/** The marketplace's Money: an integer amount over a divisor, in a currency. */
export type Money = { amount: number; divisor: number; currency_code: string };

export type StoredOption = { option_id?: number; label: string };

/**
 * One question exactly as the marketplace returned it (snake_case, every field kept). A change edits only the fields it
 * names, and the write sends the rest back as read: the marketplace replaces all questions on every write, and drops
 * a question's id, a choice's id or an add-on price that is not re-sent (decisions.md "The marketplace of today").
 */
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

/** A listing's questions as read for a plan, with what tells a later read whether anyone changed it since. */
export type ListingQuestions = {
  listingId: number;
  title: string;
  state: string;
  /** The listing's own currency, for add-on prices. */
  currencyCode: string | null;
  /** `last_modified_timestamp` when the marketplace returns it; otherwise only the questions themselves tell. */
  lastModified: number | null;
  questions: StoredQuestion[];
};

export const isUpload = (type: string) => type === "unlabeled_upload" || type === "labeled_upload";

const noPrice = (money: Money | null | undefined) => !money || money.amount === 0;

export const samePrice = (a: Money | null | undefined, b: Money | null | undefined) =>
  noPrice(a) || noPrice(b)
    ? noPrice(a) === noPrice(b)
    : a!.currency_code === b!.currency_code && a!.amount * b!.divisor === b!.amount * a!.divisor;

/** Equal as buyers see them and as the marketplace keeps them: ids and prices count. */
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

/** `$2.50`; "" for no price. */
export function formatMoney(money: Money | null | undefined): string {
  if (!money || noPrice(money)) return "";
  const value = money.amount / (money.divisor || 1);
  try {
    return new Intl.NumberFormat("en-US", { style: "currency", currency: money.currency_code }).format(value);
  } catch {
    return `${value.toFixed(2)} ${money.currency_code}`;
  }
}

/** `2.50` as a spreadsheet holds it; "" for no price. */
export function decimalOf(money: Money | null | undefined): string {
  if (!money || noPrice(money)) return "";
  const digits = Math.max(0, Math.round(Math.log10(money.divisor || 1)));
  return (money.amount / (money.divisor || 1)).toFixed(digits);
}
