import * as z from "zod/mini";
import { QUESTION_TEXT, QUESTION_TYPE, toWrite, type PersonalizationWrite, type QuestionForm } from "./schema";
import type { Snapshot } from "./snapshot";

// Snapshots to and from what the server stores and sends: JSON in the database, the form's values, the marketplace's write.

const snapshotSchema = z.object({
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

export const parseSnapshot = (json: string): Snapshot => snapshotSchema.parse(JSON.parse(json));

export function snapshotOfForm(form: QuestionForm): Snapshot {
  return { questions: [{ type: QUESTION_TYPE, title: QUESTION_TEXT, instructions: form.instructions, required: form.required, maxAllowedCharacters: form.maxAllowedCharacters }] };
}

/** The body that puts a representable snapshot on the marketplace; null means "delete personalization". */
export function writeOf(snapshot: Snapshot): PersonalizationWrite | null {
  const [question] = snapshot.questions;
  if (!question) return null;
  return toWrite({ instructions: question.instructions, required: question.required, maxAllowedCharacters: question.maxAllowedCharacters ?? 0 });
}
