import type { QuestionType } from "./question-types";

// The question set's limits (docs/marketplace.md §13.3) and a new question's draft, apart from the schemas in
// question-set.ts: the editor shows them on its first load, which then evaluates no schema.
export const QUESTIONS_MAX = 5;
export const TITLE_MAX = 45;
export const QUESTION_INSTRUCTIONS_MAX = 120;
export const LABEL_MAX = 45;
export const DROPDOWN_LABEL_MAX = 20;
export const DROPDOWN_OPTIONS_MAX = 30;
export const FILES_MAX = 10;
export const LABELED_FILES_MIN = 2;

export type QuestionDraft = {
  questionId?: number;
  type: QuestionType;
  title: string;
  instructions: string;
  required: boolean;
  maxAllowedCharacters: number;
  maxAllowedFiles: number;
  options: { label: string; optionId?: number }[];
  addOnPrice?: string;
  addOnPriceAsRead?: string;
};

const DRAFT_TITLES: Record<QuestionType, string> = {
  text_input: "Personalization",
  dropdown: "Choose an option",
  unlabeled_upload: "Upload a file",
  labeled_upload: "Upload your files",
};

export function newQuestionDraft(type: QuestionType): QuestionDraft {
  return {
    type,
    instructions: "",
    required: false,
    maxAllowedCharacters: 100,
    maxAllowedFiles: 1,
    options: type === "dropdown" || type === "labeled_upload" ? [{ label: "" }] : [],
    addOnPrice: "",
    addOnPriceAsRead: "",
    title: DRAFT_TITLES[type],
  };
}
