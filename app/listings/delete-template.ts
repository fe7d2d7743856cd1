"use server";

import { z } from "zod";
import { sellerAction } from "@/lib/actions/seller-action";
import { db } from "@/lib/db";
import { templateStore } from "@/lib/templates/template-store";

const inputSchema = z.object({ templateId: z.uuid() });

export const deleteTemplateAction = sellerAction("save", inputSchema, async ({ templateId }, { seller }) =>
  (await templateStore(await db()).remove(seller.shopId, templateId))
    ? { ok: true, data: { templateId } }
    : { ok: false, refusal: "That template was already deleted. Reload the page to see your templates." },
);
