import Link from "next/link";
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SiteHeader } from "@/components/site-header";
import { AllowOrders } from "@/components/orders/allow-orders";
import { OrdersFilling } from "@/components/orders/orders-filling";
import { KeptOrdersNotice } from "@/components/orders/kept-orders-notice";
import { PrintButton } from "@/components/orders/print-button";
import { ProductionSheet } from "@/components/orders/production-sheet";
import { PageUnavailable } from "@/components/feedback/page-unavailable";
import { requireSeller, signInPath } from "@/lib/auth/seller";
import { canReadOrders } from "@/lib/marketplace/scopes";
import { describeFailure } from "@/lib/marketplace";
import { counted } from "@/lib/orders/count-words";
import { productionSheetView } from "@/lib/orders/orders-view";
import { sellerTimeZone } from "@/lib/orders/queue/queue-view";
import { sheetCounts, type SheetListing } from "@/lib/orders/production-sheet";
import { orderFilterOf, ordersHref, parseOrdersView, viewWords, type OrdersUrlView } from "@/lib/orders/view";
import { wholeNumber } from "@/lib/whole-number";

export const metadata: Metadata = { title: "Production sheet" };

const LINK = "inline-flex min-h-11 items-center text-blue-800 underline md:min-h-0";

/** Which orders the sheet holds (the Orders page's filter it was opened from) and how many items and orders. */
function SheetSummary({
  view,
  data,
}: {
  view: OrdersUrlView;
  data: { sheet: SheetListing[]; orders: number; total: number; notPaid: number };
}) {
  const listingTitle = data.sheet.find((listing) => listing.listingId === view.listing)?.title;
  const words = viewWords(view, listingTitle);
  const { items, orders } = sheetCounts(data.sheet);
  const askNothing = data.orders - orders;
  return (
    <div className="mt-1 text-sm text-stone-700" data-testid="sheet-summary">
      <p className="font-medium text-stone-900">
        {words.length > 0 ? `Open orders ${words.join(", ")}` : "All open orders"} (paid, not shipped):{" "}
        {counted(items, "item")} in {counted(orders, "order")} to make.
      </p>
      <p>
        By listing and question, the first to ship at the top.
        {askNothing > 0 &&
          ` ${counted(askNothing, "other open order")} ${askNothing === 1 ? "asks" : "ask"} nothing of you.`}
        {data.notPaid > 0 &&
          ` ${counted(data.notPaid, "order")} not paid yet (the marketplace is reviewing the payment) ${data.notPaid === 1 ? "is" : "are"} left off until paid: don't make ${data.notPaid === 1 ? "it" : "them"}.`}
        {data.total > data.orders &&
          ` These are the first ${counted(data.orders, "order")} of ${wholeNumber(data.total)}: narrow the orders by listing or date for the rest.`}
      </p>
    </div>
  );
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ProductionSheetPage({ searchParams }: Props) {
  const view = { ...parseOrdersView(await searchParams), page: 1 };
  const here = ordersHref(view, "/orders/sheet");
  const seller = await requireSeller(here);
  const allowed = canReadOrders(seller.scopes) && seller.shopId !== null;
  const timeZone = allowed ? await sellerTimeZone(seller.shopId!) : "UTC";
  const result = allowed
    ? await productionSheetView(
        { userId: seller.userId, shopId: seller.shopId! },
        orderFilterOf(view, timeZone),
        view.due,
      )
    : null;
  if (result && !result.ok && (result.failure.kind === "reauth" || result.failure.kind === "invalid_token"))
    redirect(signInPath(here, "expired"));
  const exportHref = (format: "csv" | "xlsx") => ordersHref(view, "/api/orders/sheet", { format });
  return (
    <>
      <div className="print:hidden">
        <SiteHeader shopName={seller.shopName} />
      </div>
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto max-w-5xl px-4 py-6 outline-none md:py-8 print:max-w-none print:p-0"
      >
        <h1 className="text-2xl font-semibold">Production sheet</h1>
        {!allowed || (result && !result.ok && result.failure.kind === "insufficient_scope") ? (
          <AllowOrders />
        ) : result && !result.ok ? (
          <PageUnavailable message={describeFailure(result.failure, "load")} />
        ) : result ? (
          <>
            <SheetSummary view={view} data={result.data} />
            {result.data.sync.away && <KeptOrdersNotice checkedAt={result.data.sync.checkedAt} timeZone={timeZone} />}
            {!result.data.sync.filled && <OrdersFilling sync={result.data.sync} />}
            <div className="mt-3 flex flex-wrap items-center gap-4 text-sm print:hidden">
              <PrintButton />
              <a className={LINK} href={exportHref("csv")} download>
                Download CSV
              </a>
              <a className={LINK} href={exportHref("xlsx")} download>
                Download Excel
              </a>
              <Link className={LINK} href={ordersHref(view)}>
                Back to orders
              </Link>
            </div>
            {result.data.sheet.length === 0 ? (
              <p className="mt-4">No open order asks anything of you.</p>
            ) : (
              <ProductionSheet sheet={result.data.sheet} />
            )}
          </>
        ) : null}
      </main>
    </>
  );
}
