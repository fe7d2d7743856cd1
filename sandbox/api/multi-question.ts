import { editableInSingleQuestionEditor } from "../../lib/personalization/editable.js";
import { questionSetWriteSchema, type QuestionSetWrite } from "../../lib/personalization/question-set.js";
import type { StoredQuestion } from "../wire.js";

// The multi-question phase (spec 9.4): the rules and their limits are the editor's own, in lib/personalization/question-set.ts.

export const multiQuestionWriteSchema = questionSetWriteSchema;

export type MultiQuestionWrite = QuestionSetWrite;

/** decisions.md "Phases": what a single-question write may replace without dropping anything buyers are asked. */
export const replaceableBySingleQuestion = (questions: StoredQuestion[]) =>
  editableInSingleQuestionEditor({
    questions: questions.map((question) => ({ type: question.question_type, title: question.question_text })),
  });
