import { NextResponse } from "next/server";
import { currentSeller } from "@/lib/auth/seller";
import { canReadOrders } from "@/lib/marketplace/scopes";
import { describeFailure } from "@/lib/marketplace";
import { productionSheetView } from "@/lib/orders/orders-view";
import { sheetCsv, sheetWorkbook } from "@/lib/orders/production-sheet";
import { orderFilterOf, parseOrdersView } from "@/lib/orders/view";

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

// GET /api/orders/sheet?format=csv|xlsx[&q=…&listing=…&from=…&to=…]: the production sheet of the open orders.
export async function GET(request: Request) {
  const seller = await currentSeller();
  if (!seller || seller.shopId === null)
    return NextResponse.json({ error: describeFailure({ kind: "reauth" }, "load") }, { status: 401 });
  if (!canReadOrders(seller.scopes))
    return NextResponse.json(
      { error: "You did not allow the dashboard to read your orders. Open the Orders page and allow it." },
      { status: 403 },
    );
  const params = new URL(request.url).searchParams;
  const format = params.get("format") ?? "csv";
  if (format !== "csv" && format !== "xlsx")
    return NextResponse.json({ error: "format must be csv or xlsx." }, { status: 400 });
  const view = parseOrdersView(Object.fromEntries(params));
  const result = await productionSheetView({ userId: seller.userId, shopId: seller.shopId }, orderFilterOf(view));
  if (!result.ok)
    return NextResponse.json(
      { error: describeFailure(result.failure, "load") },
      { status: result.failure.kind === "insufficient_scope" ? 403 : 502 },
    );
  const body = format === "xlsx" ? await sheetWorkbook(result.data.sheet) : sheetCsv(result.data.sheet);
  return new NextResponse(body, {
    headers: {
      "content-type": format === "xlsx" ? XLSX : "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="production-sheet-${seller.shopId}.${format}"`,
      "cache-control": "no-store",
    },
  });
}
