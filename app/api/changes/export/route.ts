import { NextResponse } from "next/server";
import { currentSeller } from "@/lib/auth/seller";
import { readShopQuestions } from "@/lib/changes/listing-reads";
import { planRunner } from "@/lib/changes/planning";
import { questionSheet } from "@/lib/changes/spreadsheet";
import { describeFailure } from "@/lib/marketplace";
import { sheetDownload } from "@/lib/spreadsheet/sheet-export";

// GET /api/changes/export[?format=xlsx]: the shop's questions as CSV (or an Excel workbook), one row per listing and question.
export async function GET(request: Request) {
  const seller = await currentSeller();
  if (!seller || seller.shopId === null)
    return NextResponse.json({ error: describeFailure({ kind: "reauth" }, "load") }, { status: 401 });
  const runner = await planRunner();
  const listings = await readShopQuestions(runner.marketplace, { userId: seller.userId, shopId: seller.shopId });
  if (!listings.ok) return NextResponse.json({ error: describeFailure(listings.failure, "load") }, { status: 502 });
  const format = new URL(request.url).searchParams.get("format") === "xlsx" ? "xlsx" : "csv";
  return sheetDownload(format, questionSheet(listings.data), `personalization-${seller.shopId}`);
}
