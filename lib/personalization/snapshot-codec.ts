import { QUESTION_TEXT, QUESTION_TYPE } from "./rules";
import type { QuestionForm } from "./schema";
import type { QuestionDraft } from "./question-draft";
import type { QuestionForm as SetQuestionForm } from "./question-set";
import { moneyOfPriceText } from "./add-on-price";
import { withoutMarketplaceKeys, type Snapshot, type SnapshotQuestion } from "./snapshot";

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

const choicesOf = (options: readonly { label: string; optionId?: number }[]) => ({
  options: options.map((option) => option.label),
  ...(options.some((option) => option.optionId !== undefined) && {
    optionIds: options.map((option) => option.optionId ?? null),
  }),
});

export function snapshotOfQuestionSet(
  questions: readonly (SetQuestionForm | QuestionDraft)[],
  currencyCode?: string,
): Snapshot {
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
          return { ...common, maxAllowedCharacters: null, ...choicesOf(question.options) };
        case "unlabeled_upload":
          return { ...common, maxAllowedCharacters: null, maxAllowedFiles: question.maxAllowedFiles };
        case "labeled_upload":
          return {
            ...common,
            maxAllowedCharacters: null,
            maxAllowedFiles: question.options.length,
            ...choicesOf(question.options),
          };
      }
    }),
  };
}

export const templateOf = (snapshot: Snapshot): Snapshot => ({
  questions: snapshot.questions.map(withoutMarketplaceKeys),
});
