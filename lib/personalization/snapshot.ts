// zod/mini, as in schema.ts: the progress and history views ship this module to the browser.
import * as z from "zod/mini";
import type { Listing } from "../marketplace/wire";
import { editableInSingleQuestionEditor } from "./editable";
import { QUESTION_TEXT, QUESTION_TYPE, toWrite, type PersonalizationWrite, type QuestionForm } from "./schema";

/** What a listing asks buyers, as history and bulk jobs keep it: the questions without their marketplace ids. */
export const snapshotSchema = z.object({
  questions: z.array(
    z.object({
      type: z.string(),
      title: z.string(),
      instructions: z.string(),
      required: z.boolean(),
      maxAllowedCharacters: z.nullable(z.number()),
    }),
  ),
});

export type Snapshot = z.infer<typeof snapshotSchema>;

export const NO_PERSONALIZATION: Snapshot = { questions: [] };

export function snapshotOf(listing: Pick<Listing, "questions">): Snapshot {
  return {
    questions: listing.questions.map((question) => ({
      type: question.type,
      title: question.title,
      instructions: question.instructions,
      required: question.required,
      maxAllowedCharacters: question.maxAllowedCharacters,
    })),
  };
}

export function snapshotOfForm(form: QuestionForm): Snapshot {
  return { questions: [{ type: QUESTION_TYPE, title: QUESTION_TEXT, instructions: form.instructions, required: form.required, maxAllowedCharacters: form.maxAllowedCharacters }] };
}

export const parseSnapshot = (json: string): Snapshot => snapshotSchema.parse(JSON.parse(json));

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
        question.maxAllowedCharacters === other.maxAllowedCharacters
      );
    })
  );
}

/** The body that puts a representable snapshot on the marketplace; null means "delete personalization". */
export function writeOf(snapshot: Snapshot): PersonalizationWrite | null {
  const [question] = snapshot.questions;
  if (!question) return null;
  return toWrite({ instructions: question.instructions, required: question.required, maxAllowedCharacters: question.maxAllowedCharacters ?? 0 });
}

/** One line a seller reads: `“Name to engrave”, required, up to 20 characters` or `No question`. */
export function describeSnapshot(snapshot: Snapshot): string {
  if (snapshot.questions.length === 0) return "No question";
  if (snapshot.questions.length > 1) return `${snapshot.questions.length} questions`;
  const question = snapshot.questions[0]!;
  const instructions = question.instructions ? `“${question.instructions}”` : "No instructions";
  const limit = question.maxAllowedCharacters === null ? "" : `, up to ${question.maxAllowedCharacters} characters`;
  return `${instructions}, ${question.required ? "required" : "optional"}${limit}`;
}
