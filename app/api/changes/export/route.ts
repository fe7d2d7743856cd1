import { NextResponse } from "next/server";
import { currentSeller } from "@/lib/auth/seller";
import { readShopQuestions } from "@/lib/changes/listing-reads";
import { questionSheet } from "@/lib/changes/spreadsheet";
import { describeFailure, marketplace } from "@/lib/marketplace";
import { sheetDownload } from "@/lib/spreadsheet/sheet-export";

// GET /api/changes/export[?format=xlsx]: the shop's questions as CSV (or an Excel workbook), one row per listing and question.
export async function GET(request: Request) {
  const seller = await currentSeller();
  if (!seller || seller.shopId === null)
    return NextResponse.json({ error: describeFailure({ kind: "reauth" }, "load") }, { status: 401 });
  // The seller's own read: on the seller's lane, ahead of the runner's work and out of its quota log.
  const listings = await readShopQuestions(await marketplace(), { userId: seller.userId, shopId: seller.shopId });
  if (!listings.ok) return NextResponse.json({ error: describeFailure(listings.failure, "load") }, { status: 502 });
  const format = new URL(request.url).searchParams.get("format") === "xlsx" ? "xlsx" : "csv";
  return sheetDownload(format, questionSheet(listings.data), `personalization-${seller.shopId}`);
}
