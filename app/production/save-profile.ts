"use server";

import { sellerAction } from "@/lib/actions/seller-action";
import { shopListingIds } from "@/lib/changes/shop-listing-ids";
import { db } from "@/lib/db";
import { recheckInBackground } from "@/lib/orders/production-recheck";
import { checkFontFile } from "@/lib/production/font-file";
import { profileSchema, type Profile } from "@/lib/production/profile-schema";
import { profileStore } from "@/lib/production/profile-store";

/**
 * Saves a production profile: its font read and refused in words before anything is kept, its listings checked
 * against the shop, then the open items of those listings (and of those it left) checked again in the background.
 */
export const saveProfileAction = sellerAction("save", profileSchema, async (input, { seller, marketplace }) => {
  let font: { name: string; base64: string } | null = null;
  if (input.font) {
    const read = await checkFontFile(Buffer.from(input.font.base64, "base64"));
    if (!read.ok) return { ok: false, refusal: `${input.font.fileName}: ${read.refusal}` };
    font = { name: read.family, base64: input.font.base64 };
  } else if (input.profileId === null) return { ok: false, refusal: "Choose the font file you make with." };
  if (input.listingIds.length > 0) {
    const shop = await shopListingIds(marketplace, seller, input.listingIds);
    if (!shop.ok) return shop;
    if (input.listingIds.some((id) => !shop.data.ids.has(id)))
      return {
        ok: false,
        refusal: "Some of the chosen listings are not in your shop, so nothing was saved: reload the page.",
      };
  }
  const store = profileStore(await db());
  const before = (await store.list(seller.shopId)).find((profile) => profile.profileId === input.profileId);
  const saved = await store.save(seller.shopId, { ...input, font }, Math.floor(Date.now() / 1000));
  if (!saved)
    return { ok: false, refusal: "That profile is not in your shop (deleted, or another shop's): reload the page." };
  recheckInBackground(seller, [...new Set([...saved.listingIds, ...(before?.listingIds ?? [])])]);
  return { ok: true, data: saved satisfies Profile };
});
