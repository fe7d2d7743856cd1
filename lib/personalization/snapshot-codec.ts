import * as z from "zod/mini";
import { QUESTION_TEXT, QUESTION_TYPE, toWrite, type PersonalizationWrite, type QuestionForm } from "./schema";
import { isQuestionType, type QuestionForm as SetQuestionForm, type QuestionType } from "./question-set";
import type { PersonalizationWriteWire, QuestionWriteWire } from "../marketplace/wire";
import { moneyWireOf } from "../marketplace/money";
import { moneyOfPriceText } from "./add-on-price";
import { representable, withoutMarketplaceKeys, type Snapshot, type SnapshotQuestion } from "./snapshot";

export const snapshotSchema = z.object({
  questions: z.array(
    z.object({
      id: z.optional(z.number()),
      type: z.string(),
      title: z.string(),
      instructions: z.string(),
      required: z.boolean(),
      maxAllowedCharacters: z.nullable(z.number()),
      maxAllowedFiles: z.optional(z.number()),
      options: z.optional(z.array(z.string())),
      optionIds: z.optional(z.array(z.nullable(z.number()))),
      addOnPrice: z.optional(
        z.nullable(z.object({ amount: z.number(), divisor: z.number(), currencyCode: z.string() })),
      ),
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

export const changesAddOnPrice = (questions: readonly SetQuestionForm[]) =>
  questions.some(
    (question) =>
      question.type === "text_input" && (question.addOnPrice ?? "").trim() !== (question.addOnPriceAsRead ?? "").trim(),
  );

const optionIdsOf = (options: readonly { label: string; optionId?: number }[]) =>
  options.some((option) => option.optionId !== undefined)
    ? { optionIds: options.map((option) => option.optionId ?? null) }
    : {};

export function snapshotOfQuestionSet(questions: readonly SetQuestionForm[], currencyCode?: string): Snapshot {
  return {
    questions: questions.map((question): SnapshotQuestion => {
      const common = {
        ...(question.questionId !== undefined && { id: question.questionId }),
        type: question.type,
        title: question.title,
        instructions: question.instructions,
        required: question.required,
      };
      switch (question.type) {
        case "text_input": {
          const price = (question.addOnPrice ?? "").trim();
          const kept = price === (question.addOnPriceAsRead ?? "").trim();
          return {
            ...common,
            maxAllowedCharacters: question.maxAllowedCharacters,
            ...(!kept && { addOnPrice: currencyCode ? moneyOfPriceText(price, currencyCode) : null }),
          };
        }
        case "dropdown":
          return {
            ...common,
            maxAllowedCharacters: null,
            options: question.options.map((option) => option.label),
            ...optionIdsOf(question.options),
          };
        case "unlabeled_upload":
          return { ...common, maxAllowedCharacters: null, maxAllowedFiles: question.maxAllowedFiles };
        case "labeled_upload":
          return {
            ...common,
            maxAllowedCharacters: null,
            maxAllowedFiles: question.options.length,
            options: question.options.map((option) => option.label),
            ...optionIdsOf(question.options),
          };
      }
    }),
  };
}

export const templateOf = (snapshot: Snapshot): Snapshot => ({
  questions: snapshot.questions.map(withoutMarketplaceKeys),
});

function questionSetWriteOf(snapshot: Snapshot): PersonalizationWriteWire {
  return {
    personalization_questions: snapshot.questions.map((question): QuestionWriteWire => {
      const common = {
        ...(question.id !== undefined && { question_id: question.id }),
        question_text: question.title,
        instructions: question.instructions === "" ? null : question.instructions,
        required: question.required,
      };
      const options = (question.options ?? []).map((label, index) => {
        const optionId = question.optionIds?.[index];
        return optionId == null ? { label } : { option_id: optionId, label };
      });
      const type: QuestionType = isQuestionType(question.type) ? question.type : "text_input";
      switch (type) {
        case "text_input":
          return {
            question_type: type,
            ...common,
            max_allowed_characters: question.maxAllowedCharacters ?? 0,
            ...(question.addOnPrice !== undefined && {
              add_on_price: question.addOnPrice && moneyWireOf(question.addOnPrice),
            }),
          };
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

export type SnapshotWrite = { body: PersonalizationWrite | PersonalizationWriteWire; multipleQuestions: boolean };

// In the multi-question period every write carries the whole set and says so (docs/marketplace.md §9.4).
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
