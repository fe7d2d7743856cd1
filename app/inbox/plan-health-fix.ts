"use server";

import { z } from "zod";
import { sellerAction } from "@/lib/actions/seller-action";
import { canEdit } from "@/lib/marketplace/scopes";
import { db } from "@/lib/db";
import { personalizationPhase } from "@/lib/personalization/phase-probe";
import { mirrorStore } from "@/lib/mirror/mirror-store";
import { planHealthFix } from "@/lib/shop-health/health-fix-plan";
import { healthFixSchema } from "@/lib/shop-health/health-fixes";

const askedSchema = z.union([healthFixSchema, z.object({ every: z.literal("automatic") })]);

const CANNOT_EDIT =
  "You did not allow the dashboard to edit listings, so it cannot fix them. Sign in again and keep “Create and edit your listings” checked.";
const NOTHING_TO_CHANGE =
  "Nothing to change: no listing has this problem any more. Reload the page to run the check again.";

/**
 * Plans the fix of one health finding, or every fix that needs no words, over the listings that have them; the seller
 * reviews the one plan before anything is written.
 */
export const planHealthFixAction = sellerAction("load", askedSchema, async (asked, { seller, marketplace }) => {
  if (!canEdit(seller.scopes)) return { ok: false, refusal: CANNOT_EDIT };
  const store = mirrorStore(await db());
  const planned = await planHealthFix(
    marketplace,
    seller,
    await store.listings(seller.shopId),
    "every" in asked ? "every-automatic" : asked,
    await personalizationPhase().current(),
  );
  if (!planned.ok) return planned;
  if (planned.data === null) return { ok: false, refusal: NOTHING_TO_CHANGE };
  return { ok: true, data: { planId: planned.data } };
});
