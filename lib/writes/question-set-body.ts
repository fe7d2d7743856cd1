import { toWrite } from "../personalization/schema";
import { isQuestionType, type QuestionType } from "../personalization/question-types";
import { representable, type Snapshot, type SnapshotQuestion } from "../personalization/snapshot";
import type { PersonalizationWriteWire, QuestionWriteWire } from "../marketplace/wire";
import { DEFAULT_PHASE, type PersonalizationPhase } from "../env-schema";
import { moneyWireOf } from "../marketplace/money";

/** The one encoding of questions for the marketplace: ids, choices' ids and add-on prices go back as held. */
export function questionSetBody(questions: readonly SnapshotQuestion[]): PersonalizationWriteWire {
  return {
    personalization_questions: questions.map((question): QuestionWriteWire => {
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

// In the multi-question period every write carries the whole set and says so (docs/marketplace.md §9.4).
// No question is no body: the listing's personalization is deleted instead.
export function personalizationBody(snapshot: Snapshot, phase: PersonalizationPhase = DEFAULT_PHASE) {
  const [question] = snapshot.questions;
  if (!question) return null;
  if (phase === "multi") return { body: questionSetBody(snapshot.questions), multipleQuestions: true };
  if (!representable(snapshot)) return { body: questionSetBody(snapshot.questions), multipleQuestions: false };
  return {
    body: toWrite({
      instructions: question.instructions,
      required: question.required,
      maxAllowedCharacters: question.maxAllowedCharacters ?? 0,
    }),
    multipleQuestions: false,
  };
}
