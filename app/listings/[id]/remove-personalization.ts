"use server";

import { z } from "zod";
import { sellerAction } from "@/lib/actions/seller-action";

const inputSchema = z.object({ listingId: z.number().int().positive() });

export const removePersonalizationAction = sellerAction("remove", inputSchema, ({ listingId }, { seller, marketplace }) =>
  marketplace.deleteListingPersonalization(seller.userId, seller.shopId, listingId),
);
