import type { Question } from "../marketplace/wire";
import { formatMoney, samePrice } from "../marketplace/money";
import { QUESTION_TYPE_NAMES, type QuestionType } from "./question-types";

/** One field of one question, before → after in the seller's words; null where the question was not there. */
export type FieldChange = { field: string; before: string | null; after: string | null };

/** What changed about one question; `question` is absent for a change to the listing as a whole. */
export type QuestionChange = {
  question?: { title: string; type: string };
  change: "added" | "removed" | "changed";
  fields: FieldChange[];
};

export const typeName = (type: string) => QUESTION_TYPE_NAMES[type as QuestionType] ?? "Other question";

const isText = (question: Question) => question.type === "text_input";
const isDropdown = (question: Question) => question.type === "dropdown";
const isUpload = (question: Question) => question.type.endsWith("_upload");

type Field = { field: string; show: (question: Question) => string; asks: (question: Question) => boolean };

// In the editor's order; `asks` says which fields a question of that kind has, so an added one shows all of them.
const FIELDS: Field[] = [
  { field: "Title", show: (question) => `“${question.title}”`, asks: () => false },
  {
    field: "Instructions",
    show: (question) => (question.instructions ? `“${question.instructions}”` : "None"),
    asks: () => true,
  },
  {
    field: "Character limit",
    show: (question) => (question.maxAllowedCharacters === null ? "None" : String(question.maxAllowedCharacters)),
    asks: isText,
  },
  { field: "Required", show: (question) => (question.required ? "Yes" : "No"), asks: () => true },
  {
    field: "Add-on price",
    show: (question) =>
      question.addOnPrice && question.addOnPrice.amount > 0 ? formatMoney(question.addOnPrice) : "None",
    asks: isText,
  },
  {
    field: "Choices",
    show: (question) => (question.options?.length ? question.options.join(", ") : "None"),
    asks: (question) => isDropdown(question) || question.type === "labeled_upload",
  },
  {
    field: "Files",
    show: (question) => (question.maxAllowedFiles === undefined ? "None" : `up to ${question.maxAllowedFiles}`),
    asks: isUpload,
  },
];

const heading = (question: Question) => ({ title: question.title, type: typeName(question.type) });

/** Everything a question asks, field by field: what an added question brings and a removed one took away. */
export function questionFields(question: Question): { field: string; value: string }[] {
  return FIELDS.filter((field) => field.asks(question)).map((field) => ({
    field: field.field,
    value: field.show(question),
  }));
}

// By the marketplace's id; else at the same place and of the same type when neither has an id or both have the same
// title (a single-question write carries no id). Otherwise a question written without its id is a new one to the
// marketplace, and its buyers' answers go with the one it replaces: removed, and the other added.
export function pairQuestions(before: readonly Question[], after: readonly Question[]) {
  const taken = new Set<number>();
  const byId = after.map((question) => {
    const from = question.id === undefined ? -1 : before.findIndex((candidate) => candidate.id === question.id);
    if (from >= 0) taken.add(from);
    return from;
  });
  const pairs = after.map((question, index) => {
    const held = before[index];
    const samePlace =
      byId[index]! < 0 &&
      !taken.has(index) &&
      held?.type === question.type &&
      ((held.id === undefined && question.id === undefined) || held.title === question.title);
    if (samePlace) taken.add(index);
    return { after: index, before: samePlace ? index : byId[index]! };
  });
  const removed = before.flatMap((_, index) => (taken.has(index) ? [] : [index]));
  return { pairs, removed };
}

/** Every question's changes, field by field: removed questions first, then the questions as they now stand. */
export function questionDiff(before: readonly Question[], after: readonly Question[]): QuestionChange[] {
  const { pairs, removed } = pairQuestions(before, after);
  const kept = pairs.filter((pair) => pair.before >= 0);
  const byBefore = [...kept].sort((a, b) => a.before - b.before);
  const moved = new Set(kept.filter((pair, index) => byBefore[index] !== pair));
  const changes: QuestionChange[] = removed.map((index) => ({
    question: heading(before[index]!),
    change: "removed",
    fields: questionFields(before[index]!).map(({ field, value }) => ({ field, before: value, after: null })),
  }));
  for (const pair of pairs) {
    const next = after[pair.after]!;
    if (pair.before < 0) {
      changes.push({
        question: heading(next),
        change: "added",
        fields: [
          { field: "Position", before: null, after: String(pair.after + 1) },
          ...questionFields(next).map(({ field, value }) => ({ field, before: null, after: value })),
        ].filter((field) => after.length > 1 || field.field !== "Position"),
      });
      continue;
    }
    const previous = before[pair.before]!;
    const fields: FieldChange[] = FIELDS.flatMap(({ field, show }) => {
      if (field === "Add-on price" && samePrice(previous.addOnPrice, next.addOnPrice)) return [];
      const [from, to] = [show(previous), show(next)];
      return from === to ? [] : [{ field, before: from, after: to }];
    });
    if (previous.type !== next.type)
      fields.unshift({ field: "Kind", before: typeName(previous.type), after: typeName(next.type) });
    if (moved.has(pair))
      fields.push({ field: "Position", before: String(pair.before + 1), after: String(pair.after + 1) });
    if (fields.length > 0) changes.push({ question: heading(next), change: "changed", fields });
  }
  return changes;
}

/** One line per question in the seller's words, for a place that has room for no more (a toast, a conflict note). */
/** The diff as plain lines, “Name” Add-on price: $5.00 → $3.50, for logs and tests. */
export const diffLines = (changes: readonly QuestionChange[]) =>
  changes.flatMap((change) =>
    change.fields.map((field) =>
      [
        change.question && `${change.change === "changed" ? "" : `${change.change}: `}“${change.question.title}”`,
        `${field.field}: ${[field.before, field.after].filter((value) => value !== null).join(" → ")}`,
      ]
        .filter(Boolean)
        .join(" "),
    ),
  );
