"use server";

import { sellerAction } from "@/lib/actions/seller-action";
import { canEdit } from "@/lib/auth/scopes";
import { wakeJobRunner } from "@/lib/bulk/background-runner";
import { previewInputSchema, startInputSchema, targetOf } from "@/lib/bulk/bulk-input";
import { jobStore } from "@/lib/bulk/job-store";
import { previewOf, type BulkPreview } from "@/lib/bulk/plan";
import { resolveSelection } from "@/lib/bulk/selection";
import { db } from "@/lib/db";
import { personalizationPhase } from "@/lib/marketplace";
import { currencyForPrices } from "@/lib/personalization/shop-currency";

const CANNOT_EDIT =
  "You did not allow the dashboard to edit listings, so it cannot change them in bulk. Sign in again and keep “Create and edit your listings” checked.";

export const previewBulkChangeAction = sellerAction(
  "load",
  previewInputSchema,
  async ({ selection, operation }, { seller, marketplace }) => {
    if (!canEdit(seller.scopes)) return { ok: false, refusal: CANNOT_EDIT };
    const listings = await resolveSelection(marketplace, seller, selection);
    if (!listings.ok) return listings;
    const currency = await currencyForPrices(
      marketplace,
      seller,
      operation.kind === "apply-set" ? operation.questions : [],
    );
    if (!currency.ok) return currency;
    if (listings.data.length === 0)
      return {
        ok: false,
        refusal: "None of the selected listings is in your shop any more. Reload the page and select again.",
      };
    return {
      ok: true,
      data: previewOf(
        listings.data,
        targetOf(operation, currency.data),
        await personalizationPhase().current(),
      ) satisfies BulkPreview,
    };
  },
);

export const startBulkChangeAction = sellerAction(
  "save",
  startInputSchema,
  async ({ listingIds, operation }, { seller, marketplace }) => {
    if (!canEdit(seller.scopes)) return { ok: false, refusal: CANNOT_EDIT };
    const currency = await currencyForPrices(
      marketplace,
      seller,
      operation.kind === "apply-set" ? operation.questions : [],
    );
    if (!currency.ok) return currency;
    const jobId = await jobStore(await db()).create({
      userId: seller.userId,
      shopId: seller.shopId,
      kind: operation.kind === "remove" ? "remove" : "apply",
      target: targetOf(operation, currency.data),
      items: [...new Set(listingIds)].map((listingId) => ({ listingId })),
    });
    await wakeJobRunner();
    return { ok: true, data: { jobId } };
  },
);
