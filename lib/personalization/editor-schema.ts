import * as z from "zod/mini";
import { hiddenCharacters, hiddenCharactersMessage } from "./hidden-characters";
import { questionSetFormSchema } from "./question-set";
import { instructionsSchema, questionFormSchema } from "./schema";

export const sellerInstructionsSchema = instructionsSchema.check(
  z.superRefine((text, ctx) => {
    const found = hiddenCharacters(text);
    if (found.length > 0) ctx.addIssue({ code: "custom", message: hiddenCharactersMessage(found) });
  }),
);

export const sellerQuestionSchema = z.object({ ...questionFormSchema.shape, instructions: sellerInstructionsSchema });

export const sellerQuestionsSchema = questionSetFormSchema.shape.questions.check(
  z.superRefine((questions, ctx) => {
    questions.forEach((question, index) => {
      const found = hiddenCharacters(question.instructions);
      if (found.length > 0)
        ctx.addIssue({ code: "custom", path: [index, "instructions"], message: hiddenCharactersMessage(found) });
    });
  }),
);

export const sellerQuestionSetSchema = z.object({ questions: sellerQuestionsSchema });
