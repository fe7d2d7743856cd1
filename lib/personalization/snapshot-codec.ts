import * as z from "zod/mini";
import { QUESTION_TEXT, QUESTION_TYPE, toWrite, type PersonalizationWrite, type QuestionForm } from "./schema";
import {
  isQuestionType,
  type QuestionForm as SetQuestionForm,
  type QuestionSetWrite,
  type QuestionType,
} from "./question-set";
import { representable, type Snapshot } from "./snapshot";

// Snapshots to and from what the server stores and sends: JSON in the database, the form's values, the marketplace's write.

const snapshotSchema = z.object({
  questions: z.array(
    z.object({
      type: z.string(),
      title: z.string(),
      instructions: z.string(),
      required: z.boolean(),
      maxAllowedCharacters: z.nullable(z.number()),
      maxAllowedFiles: z.optional(z.number()),
      options: z.optional(z.array(z.string())),
    }),
  ),
});

export const parseSnapshot = (json: string): Snapshot => snapshotSchema.parse(JSON.parse(json));

export function snapshotOfForm(form: QuestionForm): Snapshot {
  return {
    questions: [
      {
        type: QUESTION_TYPE,
        title: QUESTION_TEXT,
        instructions: form.instructions,
        required: form.required,
        maxAllowedCharacters: form.maxAllowedCharacters,
      },
    ],
  };
}

export function snapshotOfQuestionSet(questions: readonly SetQuestionForm[]): Snapshot {
  return {
    questions: questions.map((question) => {
      const common = {
        type: question.type,
        title: question.title,
        instructions: question.instructions,
        required: question.required,
      };
      switch (question.type) {
        case "text_input":
          return { ...common, maxAllowedCharacters: question.maxAllowedCharacters };
        case "dropdown":
          return { ...common, maxAllowedCharacters: null, options: question.options.map((option) => option.label) };
        case "unlabeled_upload":
          return { ...common, maxAllowedCharacters: null, maxAllowedFiles: question.maxAllowedFiles };
        case "labeled_upload":
          return {
            ...common,
            maxAllowedCharacters: null,
            maxAllowedFiles: question.options.length,
            options: question.options.map((option) => option.label),
          };
      }
    }),
  };
}

function questionSetWriteOf(snapshot: Snapshot): QuestionSetWrite {
  return {
    personalization_questions: snapshot.questions.map((question) => {
      const common = {
        question_text: question.title,
        instructions: question.instructions === "" ? null : question.instructions,
        required: question.required,
      };
      const options = (question.options ?? []).map((label) => ({ label }));
      const type: QuestionType = isQuestionType(question.type) ? question.type : "text_input";
      switch (type) {
        case "text_input":
          return { question_type: type, ...common, max_allowed_characters: question.maxAllowedCharacters ?? 0 };
        case "dropdown":
          return { question_type: type, ...common, options };
        case "unlabeled_upload":
          return { question_type: type, ...common, max_allowed_files: question.maxAllowedFiles ?? 0 };
        case "labeled_upload":
          return {
            question_type: type,
            ...common,
            options,
            max_allowed_files: question.maxAllowedFiles ?? options.length,
          };
      }
    }),
  };
}

export type SnapshotWrite = { body: PersonalizationWrite | QuestionSetWrite; multipleQuestions: boolean };

/**
 * The body that puts a snapshot on the marketplace; null means "delete personalization". In the multi-question
 * period every write carries the whole set and says so (spec 9.4); before it only a representable snapshot is written.
 */
export function writeOf(snapshot: Snapshot, phase: "single" | "multi" = "single"): SnapshotWrite | null {
  const [question] = snapshot.questions;
  if (!question) return null;
  if (phase === "multi") return { body: questionSetWriteOf(snapshot), multipleQuestions: true };
  if (!representable(snapshot)) return { body: questionSetWriteOf(snapshot), multipleQuestions: false };
  return {
    body: toWrite({
      instructions: question.instructions,
      required: question.required,
      maxAllowedCharacters: question.maxAllowedCharacters ?? 0,
    }),
    multipleQuestions: false,
  };
}
