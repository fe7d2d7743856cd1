import Link from "next/link";
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SiteHeader } from "@/components/site-header";
import { AllowOrders } from "@/components/orders/allow-orders";
import { MarkSheetMade } from "@/components/orders/mark-sheet-made";
import { OrdersFilling } from "@/components/orders/orders-filling";
import { KeptOrdersNotice } from "@/components/orders/kept-orders-notice";
import { PrintButton } from "@/components/orders/print-button";
import { ProductionSheet } from "@/components/orders/production-sheet";
import { PageUnavailable } from "@/components/feedback/page-unavailable";
import { requireSeller, signInPath } from "@/lib/auth/seller";
import { canReadOrders } from "@/lib/marketplace/scopes";
import { describeFailure } from "@/lib/marketplace";
import { counted } from "@/lib/orders/count-words";
import { sellerTimeZone } from "@/lib/orders/queue/queue-view";
import { itemsToMark, sheetCounts, type ProductionSheet as Sheet } from "@/lib/orders/production-sheet";
import { STATE_LABELS } from "@/lib/orders/queue/states";
import { productionSheetView } from "@/lib/orders/sheet-view";
import {
  ordersHref,
  parseOrdersView,
  queueFilterOf,
  sheetOptionsOf,
  viewWords,
  type OrdersUrlView,
} from "@/lib/orders/view";

export const metadata: Metadata = { title: "Production sheet" };

const LINK = "inline-flex min-h-11 items-center text-blue-800 underline md:min-h-0";

const printedAt = (timeZone: string) =>
  new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone }).format(new Date());

/** What the sheet holds in one line, "To make · due to ship today · 13 items in 12 orders", then what it leaves off. */
function sheetLine(view: OrdersUrlView, sheet: Sheet, onHold: boolean) {
  const listingTitle = sheet.listings.find((listing) => listing.listingId === view.listing)?.title;
  const { items, orders, pieces } = sheetCounts(sheet);
  const count = `${counted(items, "item")} in ${counted(orders, "order")}${pieces > items ? ` (${counted(pieces, "piece")})` : ""}`;
  return [
    STATE_LABELS[sheet.state],
    ...viewWords(view, listingTitle),
    ...(onHold ? ["items in review on hold"] : []),
    count,
  ].join(" · ");
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ProductionSheetPage({ searchParams }: Props) {
  const params = await searchParams;
  const view = { ...parseOrdersView(params), page: 1 };
  const options = sheetOptionsOf(view, params);
  const hold = (on: boolean): Record<string, string> => (on ? { hold: "1" } : {});
  const here = ordersHref(view, "/orders/sheet", hold(options.onHold));
  const seller = await requireSeller(here);
  const allowed = canReadOrders(seller.scopes) && seller.shopId !== null;
  const timeZone = allowed ? await sellerTimeZone(seller.shopId!) : "UTC";
  const result = allowed
    ? await productionSheetView(
        { userId: seller.userId, shopId: seller.shopId! },
        queueFilterOf(view, timeZone),
        options,
      )
    : null;
  if (result && !result.ok && (result.failure.kind === "reauth" || result.failure.kind === "invalid_token"))
    redirect(signInPath(here, "expired"));
  const exportHref = (format: "csv" | "xlsx") =>
    ordersHref(view, "/api/orders/sheet", { format, ...hold(options.onHold) });
  const sheet = result?.ok ? result.data.sheet : null;
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
        <h1 className="text-2xl font-semibold">
          Production sheet
          {sheet && (
            <span className="block text-lg" data-testid="sheet-summary">
              {sheetLine(view, sheet, options.onHold)}
            </span>
          )}
        </h1>
        {!allowed || (result && !result.ok && result.failure.kind === "insufficient_scope") ? (
          <AllowOrders />
        ) : result && !result.ok ? (
          <PageUnavailable message={describeFailure(result.failure, "load")} />
        ) : result && sheet ? (
          <>
            <p className="mt-1 text-sm text-stone-700">
              Printed {printedAt(timeZone)} ({timeZone}). By listing, the first to ship at the top.
              {sheet.leftInReview > 0 &&
                ` ${counted(sheet.leftInReview, "item")} in review ${sheet.leftInReview === 1 ? "is" : "are"} left off until reviewed.`}
              {sheet.notPaid > 0 &&
                ` ${counted(sheet.notPaid, "item")} not paid yet (the marketplace is reviewing the payment) ${sheet.notPaid === 1 ? "is" : "are"} left off until paid: don't make ${sheet.notPaid === 1 ? "it" : "them"}.`}
              {result.data.cut && " Only the newest orders are read: narrow the orders by listing, date or search."}
            </p>
            {result.data.sync.away && <KeptOrdersNotice checkedAt={result.data.sync.checkedAt} timeZone={timeZone} />}
            {!result.data.sync.filled && <OrdersFilling sync={result.data.sync} />}
            <div className="mt-3 flex flex-wrap items-center gap-4 text-sm print:hidden">
              <PrintButton />
              <MarkSheetMade itemIds={itemsToMark(sheet)} />
              <a className={LINK} href={exportHref("csv")} download>
                Download CSV
              </a>
              <a className={LINK} href={exportHref("xlsx")} download>
                Download Excel
              </a>
              {(options.onHold || sheet.leftInReview > 0) && (
                <Link className={LINK} href={ordersHref(view, "/orders/sheet", hold(!options.onHold))}>
                  {options.onHold ? "Leave items in review off" : "Print items in review too, on hold"}
                </Link>
              )}
              <Link className={LINK} href={ordersHref(view, "/production/pick-list")}>
                Pick list
              </Link>
              <Link className={LINK} href={ordersHref(view)}>
                Back to orders
              </Link>
            </div>
            {sheet.listings.length === 0 ? (
              <p className="mt-4">Nothing here to make.</p>
            ) : (
              <ProductionSheet sheet={sheet} timeZone={timeZone} />
            )}
          </>
        ) : null}
      </main>
    </>
  );
}
