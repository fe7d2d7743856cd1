import { after, NextResponse } from "next/server";
import { currentSeller } from "@/lib/auth/seller";
import { canEdit } from "@/lib/marketplace/scopes";
import { NOTHING_TO_CHANGE } from "@/lib/changes/plan";
import { planTargets } from "@/lib/changes/planning";
import type { CellError } from "@/lib/changes/csv-sheet";
import { SHEET_MAX_BYTES, sheetOfFile } from "@/lib/changes/sheet-file";
import {
  mirroredListingIds,
  questionRowsBound,
  readShopListings,
  shopListingIds,
} from "@/lib/changes/shop-listing-ids";
import { importTargets, nothingToPlan } from "@/lib/changes/since-export";
import { foreignRows, importQuestions, questionRowsOf } from "@/lib/changes/spreadsheet";
import { describeFailure, marketplace } from "@/lib/marketplace";
import { personalizationPhase } from "@/lib/personalization/phase-probe";
import { readBodyUpTo } from "@/lib/security/limited-body";

/** A refusal names the first problems; a file of made-up rows would otherwise answer with megabytes. */
const SHOWN = 50;

const refused = (errors: CellError[]) =>
  NextResponse.json(
    {
      error: "Some cells need attention: nothing was planned. Fix them and import the file again.",
      errors: errors.slice(0, SHOWN),
      more: Math.max(0, errors.length - SHOWN),
    },
    { status: 422 },
  );

// POST /api/changes/import: an edited export (CSV or .xlsx) becomes a plan to review; nothing is written here.
export async function POST(request: Request) {
  const seller = await currentSeller();
  if (!seller || seller.shopId === null)
    return NextResponse.json({ error: describeFailure({ kind: "reauth" }, "load") }, { status: 401 });
  if (!canEdit(seller.scopes))
    return NextResponse.json(
      {
        error:
          "You did not allow the dashboard to edit listings. Sign in again and keep “Create and edit your listings” checked.",
      },
      { status: 403 },
    );
  const body = await readBodyUpTo(request, SHEET_MAX_BYTES);
  if (!body.ok) {
    after(body.cancel);
    return NextResponse.json(
      { error: "The file is larger than 5 MB. Export your questions again and edit that file." },
      { status: 413 },
    );
  }
  // The file is read no further than the shop can hold, and checked before the shop is read, so no file spends the
  // marketplace's quota.
  const file = await sheetOfFile(body.bytes, questionRowsBound(await mirroredListingIds(seller.shopId)));
  if (!file.ok) return NextResponse.json({ error: file.error, errors: [], more: 0 }, { status: file.status });
  const rows = await questionRowsOf(file.sheet);
  if (!rows.ok) return refused(rows.errors);
  const owner = { userId: seller.userId, shopId: seller.shopId };
  // The seller's own reads: on the seller's lane, ahead of the runner's work and out of its quota log.
  const reads = await marketplace();
  const shop = await shopListingIds(reads, owner, rows.value.listingIds);
  if (!shop.ok) return NextResponse.json({ error: describeFailure(shop.failure, "load") }, { status: 502 });
  const foreign = foreignRows(rows.value, shop.data.ids);
  if (foreign.length > 0) return refused(foreign);
  const listings = await readShopListings(reads, owner, shop.data, rows.value.listingIds);
  if (!listings.ok) return NextResponse.json({ error: describeFailure(listings.failure, "load") }, { status: 502 });
  const imported = await importQuestions(
    rows.value,
    new Map(listings.data.map((listing) => [listing.listingId, listing])),
  );
  if (!imported.ok) return refused(imported.errors);
  const summary = {
    changes: imported.targets.size,
    unchanged: imported.unchanged,
    changedSince: imported.changedSince.size,
    warnings: imported.warnings.slice(0, SHOWN),
    moreWarnings: Math.max(0, imported.warnings.length - SHOWN),
  };
  // A file with nothing to write is no plan: an unedited export changes nothing, whatever changed since.
  const named = new Set(rows.value.listingIds);
  const nothing = nothingToPlan(imported, [...shop.data.ids].filter((id) => !named.has(id)).length);
  // A listing the file leaves as it is stays in the plan, shown as already as asked: the review counts every row.
  const targets = importTargets(listings.data, imported);
  const phase = await personalizationPhase().current();
  const planId = nothing
    ? null
    : await planTargets(owner, listings.data, targets, "Questions from a spreadsheet", phase);
  const message = nothing ?? (planId === null ? NOTHING_TO_CHANGE : undefined);
  return NextResponse.json({ planId, message, ...summary }, { headers: { "cache-control": "no-store" } });
}
