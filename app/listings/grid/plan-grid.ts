"use server";

import { z } from "zod";
import { sellerAction } from "@/lib/actions/seller-action";
import { canEdit } from "@/lib/marketplace/scopes";
import { gridEditSchema, gridVersionsSchema, importGridEdits, movedEdits } from "@/lib/changes/grid-plan";
import { importTargets } from "@/lib/changes/since-export";
import { notInShop, ownListings } from "@/lib/changes/shop-listing-ids";
import { NOTHING_TO_CHANGE } from "@/lib/changes/plan";
import { planTargets } from "@/lib/changes/planning";
import { MAX_SELECTED_LISTINGS } from "@/lib/changes/selection-schema";
import { personalizationPhase } from "@/lib/personalization/phase-probe";
import { wholeNumber } from "@/lib/whole-number";

const CANNOT_EDIT =
  "You did not allow the dashboard to edit listings, so it cannot change them. Sign in again and keep “Create and edit your listings” checked.";

/** The grid's edited cells become one plan, read again from the marketplace and planned as a spreadsheet import is. */
export const planGridAction = sellerAction(
  "load",
  z.object({
    edits: z
      .array(gridEditSchema)
      .min(1, { error: "Change at least one cell." })
      .max(MAX_SELECTED_LISTINGS, {
        error: `The grid plans at most ${wholeNumber(MAX_SELECTED_LISTINGS)} changed cells at a time: nothing was planned. Review fewer changes, then make the rest.`,
      }),
    // A page from the release before sends none: its edits are then judged against the shop as it is now.
    versions: gridVersionsSchema.default({}),
  }),
  async ({ edits, versions }, { seller, marketplace }) => {
    if (!canEdit(seller.scopes)) return { ok: false, refusal: CANNOT_EDIT };
    const own = await ownListings(
      marketplace,
      seller,
      edits.map((edit) => edit.listingId),
      "refuse",
    );
    if (!own.ok) return own;
    if (own.data.foreign > 0) return { ok: false, refusal: notInShop(own.data.foreign, "edited") };
    const listings = own.data.listings;
    const moved = movedEdits(listings, edits);
    if (moved.length > 0)
      return {
        ok: false,
        refusal: `${moved.length === 1 ? "A listing was" : `${moved.length} listings were`} changed or removed since the grid opened: reload the grid to see their questions as they are now.`,
      };
    const imported = await importGridEdits(listings, edits, versions);
    if (!imported.ok) {
      const first = imported.errors[0];
      return {
        ok: false,
        refusal: `Some cells break a rule, so nothing was planned${first ? ` (${first.column}: ${first.reason})` : ""}. Fix the cells marked in red and review again.`,
      };
    }
    const edited = new Set(edits.map((edit) => edit.listingId));
    const shown = listings.filter((listing) => edited.has(listing.listingId));
    const targets = importTargets(shown, imported, "grid");
    const phase = await personalizationPhase().current();
    const planId = await planTargets(
      seller,
      shown,
      targets,
      `Grid: questions of ${shown.length} ${shown.length === 1 ? "listing" : "listings"} edited`,
      phase,
    );
    return { ok: true, data: planId ? { planId } : { planId, message: NOTHING_TO_CHANGE } };
  },
);
