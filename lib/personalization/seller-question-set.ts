// The multi-question editor's questions with the dashboard's hidden-characters rule (hidden-characters.ts) on each
// question's instructions; apart from that module so the single-question editor's first load does not carry the set's rules.
import * as z from "zod/mini";
import { hiddenCharacters, hiddenCharactersMessage } from "./hidden-characters";
import { questionSetFormSchema } from "./question-set";

/** The multi-question editor's questions, as its form, its action and a bulk apply check them: the same rule per question. */
export const sellerQuestionsSchema = questionSetFormSchema.shape.questions.check(
  z.superRefine((questions, ctx) => {
    questions.forEach((question, index) => {
      const found = hiddenCharacters(question.instructions);
      if (found.length > 0) ctx.addIssue({ code: "custom", path: [index, "instructions"], message: hiddenCharactersMessage(found) });
    });
  }),
);

export const sellerQuestionSetSchema = z.object({ questions: sellerQuestionsSchema });
