"use server";

import { z } from "zod";
import { sellerAction } from "@/lib/actions/seller-action";
import { db } from "@/lib/db";
import { sellerQuestionSchema, sellerQuestionsSchema } from "@/lib/personalization/editor-schema";
import { snapshotOfForm, snapshotOfQuestionSet, templateOf } from "@/lib/personalization/snapshot-codec";
import { TEMPLATE_NAME_MAX, TEMPLATES_PER_SHOP_MAX } from "@/lib/templates/template";
import { templateStore } from "@/lib/templates/template-store";

const inputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: "Give the template a name." })
    .max(TEMPLATE_NAME_MAX, { error: `Use at most ${TEMPLATE_NAME_MAX} characters for the name.` }),
  question: z.optional(sellerQuestionSchema),
  questions: z.optional(sellerQuestionsSchema),
});

export const saveTemplateAction = sellerAction(
  "save",
  inputSchema,
  async ({ name, question, questions }, { seller }) => {
    const questionSet = questions
      ? templateOf(snapshotOfQuestionSet(questions))
      : question
        ? snapshotOfForm(question)
        : null;
    if (!questionSet)
      return {
        ok: false,
        refusal: "There was no question to keep in the template. Reload the page, then save the template again.",
      };
    const templates = templateStore(await db());
    const taken = (await templates.list(seller.shopId)).some((template) => template.name === name);
    if (!taken && (await templates.count(seller.shopId)) >= TEMPLATES_PER_SHOP_MAX) {
      return {
        ok: false,
        refusal: `You already have ${TEMPLATES_PER_SHOP_MAX} templates. Delete one you no longer use, then save this one.`,
      };
    }
    return {
      ok: true,
      data: await templates.save({ shopId: seller.shopId, userId: seller.userId, name, questionSet }),
    };
  },
);
