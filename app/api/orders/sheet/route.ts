import { NextResponse } from "next/server";
import { orderReaderOrRefusal } from "@/lib/api/seller-reads";
import { describeFailure } from "@/lib/marketplace";
import { sellerTimeZone } from "@/lib/orders/queue/queue-view";
import { productionSheetTable } from "@/lib/orders/production-sheet";
import { productionSheetView } from "@/lib/orders/sheet-view";
import { parseOrdersView, queueFilterOf, sheetOptionsOf } from "@/lib/orders/view";
import { sheetDownload } from "@/lib/spreadsheet/sheet-export";

// GET /api/orders/sheet?format=csv|xlsx[&q=…&listing=…&from=…&to=…&due=…&state=…&note=1&hold=1]: the production
// sheet as the page shows it, one row per item.
export async function GET(request: Request) {
  const seller = await orderReaderOrRefusal();
  if (seller instanceof NextResponse) return seller;
  const params = new URL(request.url).searchParams;
  const format = params.get("format") ?? "csv";
  if (format !== "csv" && format !== "xlsx")
    return NextResponse.json({ error: "format must be csv or xlsx." }, { status: 400 });
  const query = Object.fromEntries(params);
  const view = parseOrdersView(query);
  const result = await productionSheetView(
    { userId: seller.userId, shopId: seller.shopId },
    queueFilterOf(view, await sellerTimeZone(seller.shopId)),
    sheetOptionsOf(view, query),
  );
  if (!result.ok)
    return NextResponse.json(
      { error: describeFailure(result.failure, "load") },
      { status: result.failure.kind === "insufficient_scope" ? 403 : 502 },
    );
  return sheetDownload(format, productionSheetTable(result.data.sheet), `production-sheet-${seller.shopId}`);
}
