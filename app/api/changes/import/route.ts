import { NextResponse } from "next/server";
import { currentSeller } from "@/lib/auth/seller";
import { canEdit } from "@/lib/auth/scopes";
import { readListingQuestions } from "@/lib/changes/listing-reads";
import { planRunner, planTargets } from "@/lib/changes/planning";
import { importQuestions, listingIdsOf } from "@/lib/changes/spreadsheet";
import { describeFailure, personalizationPhase } from "@/lib/marketplace";

const MAX_BYTES = 5_000_000;

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
  const bytes = await request.arrayBuffer();
  if (bytes.byteLength > MAX_BYTES)
    return NextResponse.json(
      { error: "The file is larger than 5 MB. Export your questions again and edit that file." },
      { status: 413 },
    );
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return NextResponse.json(
      { error: "The file is not UTF-8 text. Save it from your spreadsheet as “CSV UTF-8”." },
      { status: 400 },
    );
  }
  const owner = { userId: seller.userId, shopId: seller.shopId };
  const runner = await planRunner();
  const listings = await readListingQuestions(runner.marketplace, owner, listingIdsOf(text));
  if (!listings.ok) return NextResponse.json({ error: describeFailure(listings.failure, "load") }, { status: 502 });
  const byId = new Map(listings.data.map((listing) => [listing.listingId, listing]));
  const imported = importQuestions(text, byId);
  if (!imported.ok)
    return NextResponse.json(
      {
        error: "Some cells need attention: nothing was planned. Fix them and import the file again.",
        errors: imported.errors,
      },
      { status: 422 },
    );
  const phase = await personalizationPhase().current();
  // A listing the file leaves as it is stays in the plan, shown as already as asked: the review counts every row.
  const targets = new Map(
    listings.data.map((listing) => [listing.listingId, imported.targets.get(listing.listingId) ?? listing.questions]),
  );
  const planId = await planTargets(owner, listings.data, targets, "Questions from a spreadsheet", phase);
  return NextResponse.json({ planId, unchanged: imported.unchanged }, { headers: { "cache-control": "no-store" } });
}
