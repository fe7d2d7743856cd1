export const QUESTION_TYPES = ["text_input", "dropdown", "unlabeled_upload", "labeled_upload"] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export const QUESTION_TYPE_NAMES: Record<QuestionType, string> = {
  text_input: "Text",
  dropdown: "Dropdown",
  unlabeled_upload: "File upload",
  labeled_upload: "Labelled file upload",
};

export const isQuestionType = (type: string): type is QuestionType =>
  (QUESTION_TYPES as readonly string[]).includes(type);

export const isUpload = (type: string) => type === "unlabeled_upload" || type === "labeled_upload";
