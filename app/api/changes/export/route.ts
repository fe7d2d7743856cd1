import { NextResponse } from "next/server";
import { currentSeller } from "@/lib/auth/seller";
import { readShopQuestions } from "@/lib/changes/listing-reads";
import { planRunner } from "@/lib/changes/planning";
import { exportQuestions } from "@/lib/changes/spreadsheet";
import { exportQuestionsWorkbook } from "@/lib/changes/workbook";
import { describeFailure } from "@/lib/marketplace";

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

// GET /api/changes/export[?format=xlsx]: the shop's questions as CSV (or an Excel workbook), one row per listing and question.
export async function GET(request: Request) {
  const seller = await currentSeller();
  if (!seller || seller.shopId === null)
    return NextResponse.json({ error: describeFailure({ kind: "reauth" }, "load") }, { status: 401 });
  const runner = await planRunner();
  const listings = await readShopQuestions(runner.marketplace, { userId: seller.userId, shopId: seller.shopId });
  if (!listings.ok) return NextResponse.json({ error: describeFailure(listings.failure, "load") }, { status: 502 });
  const workbook = new URL(request.url).searchParams.get("format") === "xlsx";
  const body = workbook ? await exportQuestionsWorkbook(listings.data) : exportQuestions(listings.data);
  return new NextResponse(body, {
    headers: {
      "content-type": workbook ? XLSX : "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="personalization-${seller.shopId}.${workbook ? "xlsx" : "csv"}"`,
      "cache-control": "no-store",
    },
  });
}
