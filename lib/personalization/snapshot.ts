import type { Listing, Question } from "../marketplace/wire";
import { formatMoney, samePrice } from "../marketplace/money";
import { addOnLabel } from "./add-on-price";
import { editableInSingleQuestionEditor } from "./single-question-period";

export type Snapshot = { questions: SnapshotQuestion[] };

export type SnapshotQuestion = Question;

export const NO_PERSONALIZATION: Snapshot = { questions: [] };

export function snapshotOf(listing: Pick<Listing, "questions">): Snapshot {
  return {
    questions: listing.questions.map((question) => ({
      ...(question.id !== undefined && { id: question.id }),
      type: question.type,
      title: question.title,
      instructions: question.instructions,
      required: question.required,
      maxAllowedCharacters: question.maxAllowedCharacters,
      ...(question.maxAllowedFiles !== undefined && { maxAllowedFiles: question.maxAllowedFiles }),
      ...(question.options !== undefined && { options: [...question.options] }),
      ...(question.optionIds !== undefined && { optionIds: [...question.optionIds] }),
      addOnPrice: question.addOnPrice ?? null,
    })),
  };
}

/** docs/marketplace.md §9.6: what the single-question editor cannot show is never overwritten. */
export const representable = (snapshot: Snapshot) => editableInSingleQuestionEditor(snapshot);

export function unrepresentableReason(snapshot: Snapshot) {
  const count = snapshot.questions.length;
  const what = count === 1 ? "a kind of question" : `${count} questions`;
  return `This listing asks buyers ${what} that this dashboard cannot show, so it was left as it is to keep what buyers are asked. Change it on the marketplace.`;
}

// What buyers are asked by one question, ids and price aside.
const sameAsked = (a: SnapshotQuestion, b: SnapshotQuestion) =>
  a.type === b.type &&
  a.title === b.title &&
  a.instructions === b.instructions &&
  a.required === b.required &&
  a.maxAllowedCharacters === b.maxAllowedCharacters &&
  a.maxAllowedFiles === b.maxAllowedFiles &&
  (a.options ?? []).join("\n") === (b.options ?? []).join("\n");

export function sameSnapshot(a: Snapshot, b: Snapshot) {
  return (
    a.questions.length === b.questions.length &&
    a.questions.every((question, index) => {
      const other = b.questions[index];
      return (
        other !== undefined &&
        sameAsked(question, other) &&
        (question.options === undefined) === (other.options === undefined) &&
        (question.addOnPrice === undefined ||
          other.addOnPrice === undefined ||
          samePrice(question.addOnPrice, other.addOnPrice))
      );
    })
  );
}

/** Every field, ids included: a write of `a` over `b` would change nothing. */
export const sameQuestion = (a: SnapshotQuestion, b: SnapshotQuestion) =>
  a.id === b.id &&
  sameAsked(a, b) &&
  (a.options ?? []).every((_, index) => (a.optionIds?.[index] ?? null) === (b.optionIds?.[index] ?? null)) &&
  samePrice(a.addOnPrice, b.addOnPrice);

export const sameQuestions = (a: readonly SnapshotQuestion[], b: readonly SnapshotQuestion[]) =>
  a.length === b.length && a.every((question, index) => sameQuestion(question, b[index]!));

export function describeSnapshot(snapshot: Snapshot): string {
  if (snapshot.questions.length === 0) return "No question";
  if (snapshot.questions.length > 1)
    return `${snapshot.questions.length} questions: ${snapshot.questions
      .map((question) => `“${question.title}”${question.addOnPrice ? ` (${addOnLabel(question.addOnPrice)})` : ""}`)
      .join(", ")}`;
  const question = snapshot.questions[0]!;
  const price = question.addOnPrice ? `, add-on price ${formatMoney(question.addOnPrice)}` : "";
  if (!representable(snapshot))
    return `1 question: “${question.title}”, ${question.required ? "required" : "optional"}${price}`;
  const instructions = question.instructions ? `“${question.instructions}”` : "No instructions";
  const limit = question.maxAllowedCharacters === null ? "" : `, up to ${question.maxAllowedCharacters} characters`;
  return `${instructions}, ${question.required ? "required" : "optional"}${limit}${price}`;
}

export const withoutMarketplaceKeys = ({ id, optionIds, addOnPrice, ...question }: SnapshotQuestion) => question;

/** Whether the marketplace lets this question charge an add-on price (docs/marketplace.md §13). */
export const mayChargeAddOn = (question: Pick<SnapshotQuestion, "type" | "required">) =>
  question.type === "text_input" && !question.required;

export function alignWith(target: Snapshot, current: Snapshot): Snapshot {
  const unmatched = new Set(current.questions);
  const take = (found: SnapshotQuestion | undefined) => {
    if (found) unmatched.delete(found);
    return found;
  };
  const byId = target.questions.map((question) =>
    question.id === undefined
      ? undefined
      : take([...unmatched].find((held) => held.id === question.id && held.type === question.type)),
  );
  const matches = target.questions.map(
    (question, index) =>
      byId[index] ?? take([...unmatched].find((held) => held.type === question.type && held.title === question.title)),
  );
  return {
    questions: target.questions.map((question, index) => {
      const wanted = question.addOnPrice;
      const rest = withoutMarketplaceKeys(question);
      const held = matches[index];
      const optionIds = question.options && held?.options ? alignOptions(question, held) : undefined;
      const heldPrice = held?.addOnPrice ?? null;
      const price = mayChargeAddOn(question) ? (wanted === undefined ? heldPrice : wanted) : null;
      const addOnPrice = price === null && heldPrice === null ? undefined : price;
      return {
        ...(held?.id !== undefined && { id: held.id }),
        ...rest,
        ...(optionIds && { optionIds }),
        ...(addOnPrice !== undefined && { addOnPrice }),
      };
    }),
  };
}

function alignOptions(question: SnapshotQuestion, held: SnapshotQuestion): (number | null)[] {
  const heldIds = held.options?.map((label, index) => ({ label, id: held.optionIds?.[index] ?? null })) ?? [];
  const free = new Set(heldIds.filter((option) => option.id !== null));
  return (question.options ?? []).map((label, index) => {
    const wantedId = question.optionIds?.[index];
    const found =
      [...free].find((option) => wantedId != null && option.id === wantedId) ??
      [...free].find((option) => option.label === label);
    if (!found) return null;
    free.delete(found);
    return found.id;
  });
}
