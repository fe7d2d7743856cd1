import { NextResponse } from "next/server";
import { currentSeller } from "@/lib/auth/seller";
import { readShopQuestions } from "@/lib/changes/listing-reads";
import { planRunner } from "@/lib/changes/planning";
import { exportQuestions } from "@/lib/changes/spreadsheet";
import { describeFailure } from "@/lib/marketplace";

export async function GET() {
  const seller = await currentSeller();
  if (!seller || seller.shopId === null)
    return NextResponse.json({ error: describeFailure({ kind: "reauth" }, "load") }, { status: 401 });
  const runner = await planRunner();
  const listings = await readShopQuestions(runner.marketplace, { userId: seller.userId, shopId: seller.shopId });
  if (!listings.ok) return NextResponse.json({ error: describeFailure(listings.failure, "load") }, { status: 502 });
  return new NextResponse(exportQuestions(listings.data), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="personalization-${seller.shopId}.csv"`,
      "cache-control": "no-store",
    },
  });
}
