"use server";

import { z } from "zod";
import { questionFormSchema, toWrite } from "@/lib/personalization/schema";
import { sellerAction } from "@/lib/actions/seller-action";

const inputSchema = z.object({ listingId: z.number().int().positive(), question: questionFormSchema });

export const updatePersonalizationAction = sellerAction("save", inputSchema, ({ listingId, question }, { seller, marketplace }) =>
  marketplace.updateListingPersonalization(seller.userId, seller.shopId, listingId, toWrite(question)),
);
