"use server";

import { z } from "zod";
import { sellerAction } from "@/lib/actions/seller-action";
import { db } from "@/lib/db";
import { questionFormSchema } from "@/lib/personalization/schema";
import { snapshotOfForm } from "@/lib/personalization/snapshot-codec";
import { TEMPLATE_NAME_MAX, TEMPLATES_PER_SHOP_MAX } from "@/lib/templates/template";
import { templateStore } from "@/lib/templates/template-store";

const inputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: "Give the template a name." })
    .max(TEMPLATE_NAME_MAX, { error: `Use at most ${TEMPLATE_NAME_MAX} characters for the name.` }),
  question: questionFormSchema,
});

/** Keeps the editor's question under a name; a taken name is replaced, as the seller is told. */
export const saveTemplateAction = sellerAction("save", inputSchema, async ({ name, question }, { seller }) => {
  const templates = templateStore(await db());
  const taken = (await templates.list(seller.shopId)).some((template) => template.name === name);
  if (!taken && (await templates.count(seller.shopId)) >= TEMPLATES_PER_SHOP_MAX) {
    return { ok: false, refusal: `You already have ${TEMPLATES_PER_SHOP_MAX} templates. Delete one you no longer use, then save this one.` };
  }
  return { ok: true, data: await templates.save({ shopId: seller.shopId, userId: seller.userId, name, questionSet: snapshotOfForm(question) }) };
});
