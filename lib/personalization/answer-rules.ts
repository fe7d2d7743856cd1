import type { QuestionWire } from "../marketplace/wire";
import { isUpload } from "./question-types";

// The rules a buyer's answer meets at checkout, checked by the sandbox when an order is placed and by the dashboard
// when it shows an order against the question as it stands today (docs/marketplace.md §16).

export type BuyerAnswer = { question_id: number; value?: string | null; files?: readonly string[] | null };

export type AnswerRule = "required" | "too-long" | "not-a-choice" | "no-file" | "too-many-files" | "file-name";

export type AnswerProblem = { rule: AnswerRule; message: string };

/** A file's name as the buyer's device sends it: no folder, no comma (answers list files comma-separated). */
const FILE_NAME = /^[^\\/:*?"<>|,\u0000-\u001f]{1,120}\.[A-Za-z0-9]{1,10}$/;

export const UPLOAD_SEPARATOR = ", ";

const questionName = (question: Pick<QuestionWire, "question_id" | "question_text">) =>
  `question ${question.question_id ?? "?"} ("${question.question_text}")`;

export const answerLength = (value: string) => [...value].length;

export function answerProblem(question: QuestionWire, answer: BuyerAnswer | undefined): AnswerProblem | null {
  const name = questionName(question);
  if (isUpload(question.question_type)) {
    const files = answer?.files ?? [];
    if (files.length === 0)
      return question.required ? { rule: "no-file", message: `${name} requires a file; upload one.` } : null;
    const most = question.max_allowed_files ?? 1;
    if (files.length > most)
      return { rule: "too-many-files", message: `${name} takes at most ${most} file(s); ${files.length} were sent.` };
    const bad = files.find((file) => !FILE_NAME.test(file));
    if (bad !== undefined)
      return {
        rule: "file-name",
        message: `${name}: "${bad}" is not a file name; send a name such as photo.jpg, without folders or commas.`,
      };
    return null;
  }
  const value = answer?.value ?? "";
  if (value.trim() === "")
    return question.required ? { rule: "required", message: `${name} is required; answer it.` } : null;
  if (question.question_type === "dropdown") {
    const labels = (question.options ?? []).map((option) => option.label);
    return labels.includes(value)
      ? null
      : { rule: "not-a-choice", message: `${name}: "${value}" is not one of its choices (${labels.join(", ")}).` };
  }
  const limit = question.max_allowed_characters;
  if (limit != null && answerLength(value) > limit)
    return {
      rule: "too-long",
      message: `${name} takes at most ${limit} characters; the answer has ${answerLength(value)}.`,
    };
  return null;
}
