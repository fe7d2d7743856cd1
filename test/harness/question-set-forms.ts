import type { QuestionForm } from "../../lib/personalization/question-set";

/** One question of each type as the question set editor's form holds it. */
export const EVERY_TYPE: QuestionForm[] = [
  { type: "text_input", title: "Name", instructions: "Name to engrave", required: true, maxAllowedCharacters: 20 },
  {
    type: "dropdown",
    title: "Font",
    instructions: "",
    required: false,
    options: [{ label: "Serif" }, { label: "Script" }],
  },
  { type: "unlabeled_upload", title: "Photo", instructions: "", required: false, maxAllowedFiles: 3 },
  {
    type: "labeled_upload",
    title: "Sides",
    instructions: "",
    required: false,
    options: [{ label: "Front" }, { label: "Back" }],
  },
];
