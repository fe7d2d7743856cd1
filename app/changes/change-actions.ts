"use server";

import { z } from "zod";
import { sellerAction } from "@/lib/actions/seller-action";
import { canEdit } from "@/lib/marketplace/scopes";
import { MAX_SELECTED_LISTINGS, TOO_MANY_LISTINGS } from "@/lib/changes/selection-schema";
import { notInShop, resolveSelection } from "@/lib/changes/shop-listing-ids";
import { changeOf, planInputSchema } from "@/lib/changes/change-input";
import { NOTHING_TO_CHANGE } from "@/lib/changes/plan";
import { planChange, planRunner, planUndo } from "@/lib/changes/planning";
import { personalizationPhase } from "@/lib/personalization/phase-probe";
import { currencyForPrices } from "@/lib/actions/shop-currency";

const CANNOT_EDIT =
  "You did not allow the dashboard to edit listings, so it cannot change them. Sign in again and keep “Create and edit your listings” checked.";
const NO_PLAN = "There is no such plan in your shop. Go back to your listings and plan the change again.";
const FIXED = "This plan is no longer under review, so its rows are fixed.";

/** Why a plan cannot be applied or discarded: it is not in the seller's shop, or its status says which refusal. */
async function planRefusal(id: string, shopId: number, refusals: { discarded: string; otherwise: string }) {
  const plan = await (await planRunner()).plans.find(id, shopId);
  const refusal = !plan ? NO_PLAN : plan.status === "discarded" ? refusals.discarded : refusals.otherwise;
  return { ok: false as const, refusal };
}

const planId = z.string().uuid();
const listingIdsSchema = z.union([
  z.literal("all"),
  z.array(z.number().int().positive()).max(MAX_SELECTED_LISTINGS, { error: TOO_MANY_LISTINGS }),
]);

/** Reads the selected listings as they are now and keeps, for review, what the change would do to each. */
export const planChangeAction = sellerAction(
  "plan",
  planInputSchema,
  async ({ selection, change }, { seller, marketplace }) => {
    if (!canEdit(seller.scopes)) return { ok: false, refusal: CANNOT_EDIT };
    const selected = await resolveSelection(marketplace, seller, selection, "refuse");
    if (!selected.ok) return selected;
    if (selected.data.foreign > 0) return { ok: false, refusal: notInShop(selected.data.foreign, "selected") };
    if (selected.data.listings.length === 0)
      return {
        ok: false,
        refusal: "None of the selected listings is in your shop any more. Reload the page and select again.",
      };
    const currency = await currencyForPrices(
      marketplace,
      seller,
      change.kind === "replace-set" || change.kind === "add-question" ? change.questions : [],
    );
    if (!currency.ok) return currency;
    const phase = await personalizationPhase().current();
    const planId = await planChange(seller, selected.data.listings, changeOf(change, currency.data), phase);
    return { ok: true, data: planId ? { planId } : { planId, message: NOTHING_TO_CHANGE } };
  },
);

export const includeRowsAction = sellerAction(
  "save",
  z.object({ planId, listingIds: listingIdsSchema, included: z.boolean() }),
  async ({ planId: id, listingIds, included }, { seller }) => {
    const runner = await planRunner();
    if (!(await runner.plans.include(id, seller.shopId, listingIds, included))) return { ok: false, refusal: FIXED };
    return { ok: true, data: null };
  },
);

/** The seller's explicit choice to write listings that changed since their copy was read, as the plan holds them. */
export const takeRowsAction = sellerAction(
  "save",
  z.object({ planId, listingIds: z.array(z.number().int().positive()).min(1).max(MAX_SELECTED_LISTINGS) }),
  async ({ planId: id, listingIds }, { seller }) => {
    if (!canEdit(seller.scopes)) return { ok: false, refusal: CANNOT_EDIT };
    const runner = await planRunner();
    const taken = await runner.plans.take(id, seller.shopId, listingIds);
    if (taken === null) return { ok: false, refusal: FIXED };
    return { ok: true, data: { taken } };
  },
);

export const applyPlanAction = sellerAction(
  "save",
  z.object({ planId, reserve: z.number().int().min(0).max(100_000_000).nullable() }),
  async ({ planId: id, reserve }, { seller }) => {
    if (!canEdit(seller.scopes)) return { ok: false, refusal: CANNOT_EDIT };
    const runner = await planRunner();
    if (!(await runner.plans.startApply(id, seller.shopId, reserve)))
      return planRefusal(id, seller.shopId, {
        discarded: "This plan was discarded, so it cannot be applied. Plan the change again from your listings.",
        otherwise: "This plan is already applied, or being applied. Reload the page to see its progress.",
      });
    runner.wake();
    return { ok: true, data: null };
  },
);

/** A plan the seller will not apply is set aside, kept in the history as discarded. */
export const discardPlanAction = sellerAction("save", z.object({ planId }), async ({ planId: id }, { seller }) => {
  const runner = await planRunner();
  if (await runner.plans.discard(id, seller.shopId)) return { ok: true, data: null };
  return planRefusal(id, seller.shopId, {
    discarded: "This plan is already discarded.",
    otherwise: "This plan is applied, or being applied, so it cannot be discarded. Plan its undo once it is applied.",
  });
});

/** Listings the apply could not change (the marketplace kept failing) are written again by the same runner. */
export const retryRowsAction = sellerAction(
  "save",
  z.object({ planId, listingIds: listingIdsSchema }),
  async ({ planId: id, listingIds }, { seller }) => {
    if (!canEdit(seller.scopes)) return { ok: false, refusal: CANNOT_EDIT };
    const runner = await planRunner();
    const plan = await runner.plans.find(id, seller.shopId);
    if (!plan) return { ok: false, refusal: NO_PLAN };
    if (plan.status === "reviewing") return { ok: false, refusal: "This plan is not applied yet: apply it first." };
    if (await runner.review.undoneBy(id))
      return {
        ok: false,
        refusal:
          "This change has been undone since, so none of its listings is tried again. Plan the change again from your listings.",
      };
    const retried = await runner.plans.retryFailed(id, listingIds);
    if (retried === 0)
      return {
        ok: false,
        refusal: "None of these listings is waiting to be tried again. Reload the page to see where each one stands.",
      };
    runner.wake();
    return { ok: true, data: { retried } };
  },
);

export const planUndoAction = sellerAction(
  "load",
  z.object({ planId }),
  async ({ planId: id }, { seller, marketplace }) => {
    if (!canEdit(seller.scopes)) return { ok: false, refusal: CANNOT_EDIT };
    const runner = await planRunner();
    const plan = await runner.plans.find(id, seller.shopId);
    if (!plan) return { ok: false, refusal: NO_PLAN };
    if (plan.status !== "applied") return { ok: false, refusal: "Wait until this plan is applied, then undo it." };
    const planned = await planUndo(seller, plan, { runner, reads: marketplace });
    if (!planned.ok) return planned;
    if (planned.data === null)
      return {
        ok: false,
        refusal:
          "Nothing to change: every listing this change wrote was changed since, so the undo would write none of them.",
      };
    return { ok: true, data: { planId: planned.data } };
  },
);
