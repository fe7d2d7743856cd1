// No zod here: the listings page and the history ship this module to the browser (snapshot-codec.ts holds the rest).
import type { Listing } from "../marketplace/wire";
import { editableInSingleQuestionEditor } from "./editable";

/** What a listing asks buyers, as history and bulk jobs keep it: the questions without their marketplace ids. */
export type Snapshot = {
  questions: {
    type: string;
    title: string;
    instructions: string;
    required: boolean;
    maxAllowedCharacters: number | null;
    /** Upload questions (multi-question period). */
    maxAllowedFiles?: number;
    /** Dropdown choices and upload labels (multi-question period). */
    options?: string[];
  }[];
};

export const NO_PERSONALIZATION: Snapshot = { questions: [] };

export function snapshotOf(listing: Pick<Listing, "questions">): Snapshot {
  return {
    questions: listing.questions.map((question) => ({
      type: question.type,
      title: question.title,
      instructions: question.instructions,
      required: question.required,
      maxAllowedCharacters: question.maxAllowedCharacters,
      ...(question.maxAllowedFiles !== undefined && { maxAllowedFiles: question.maxAllowedFiles }),
      ...(question.options !== undefined && { options: [...question.options] }),
    })),
  };
}

/** decisions.md "Phases": what the single-question editor cannot show is never overwritten. */
export const representable = (snapshot: Snapshot) => editableInSingleQuestionEditor(snapshot);

export function unrepresentableReason(snapshot: Snapshot) {
  const count = snapshot.questions.length;
  const what = count === 1 ? "a kind of question" : `${count} questions`;
  return `This listing asks buyers ${what} that this dashboard cannot show, so it was left as it is to keep what buyers are asked. Change it on the marketplace.`;
}

export function sameSnapshot(a: Snapshot, b: Snapshot) {
  return (
    a.questions.length === b.questions.length &&
    a.questions.every((question, index) => {
      const other = b.questions[index];
      return (
        other !== undefined &&
        question.type === other.type &&
        question.title === other.title &&
        question.instructions === other.instructions &&
        question.required === other.required &&
        question.maxAllowedCharacters === other.maxAllowedCharacters &&
        question.maxAllowedFiles === other.maxAllowedFiles &&
        (question.options ?? []).join("\n") === (other.options ?? []).join("\n") &&
        (question.options === undefined) === (other.options === undefined)
      );
    })
  );
}

/** One line a seller reads: `“Name to engrave”, required, up to 20 characters` or `No question`. */
export function describeSnapshot(snapshot: Snapshot): string {
  if (snapshot.questions.length === 0) return "No question";
  if (snapshot.questions.length > 1)
    return `${snapshot.questions.length} questions: ${snapshot.questions.map((question) => `“${question.title}”`).join(", ")}`;
  const question = snapshot.questions[0]!;
  if (!representable(snapshot))
    return `1 question: “${question.title}”, ${question.required ? "required" : "optional"}`;
  const instructions = question.instructions ? `“${question.instructions}”` : "No instructions";
  const limit = question.maxAllowedCharacters === null ? "" : `, up to ${question.maxAllowedCharacters} characters`;
  return `${instructions}, ${question.required ? "required" : "optional"}${limit}`;
}
