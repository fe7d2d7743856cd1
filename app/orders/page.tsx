import Link from "next/link";
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SiteHeader } from "@/components/site-header";
import { AllowOrders } from "@/components/orders/allow-orders";
import { OrderFilters } from "@/components/orders/order-filters";
import { OrdersFilling } from "@/components/orders/orders-filling";
import { QueueTable } from "@/components/orders/queue-table";
import { KeptOrdersNotice } from "@/components/orders/kept-orders-notice";
import { SellerTimeZone } from "@/components/orders/seller-time-zone";
import { PageUnavailable } from "@/components/feedback/page-unavailable";
import { requireSeller, signInPath } from "@/lib/auth/seller";
import { canReadOrders } from "@/lib/marketplace/scopes";
import { describeFailure } from "@/lib/marketplace";
import { queueView, sellerTimeZone } from "@/lib/orders/queue/queue-view";
import { counted } from "@/lib/orders/count-words";
import { DEFAULT_TIME_ZONE } from "@/lib/orders/day";
import { ORDERS_PER_PAGE, ordersHref, parseOrdersView, queueFilterOf } from "@/lib/orders/view";

export const metadata: Metadata = { title: "Orders" };

const PageLink = ({ href, children }: { href: string; children: string }) => (
  <Link className="inline-flex min-h-11 items-center text-blue-800 underline" href={href}>
    {children}
  </Link>
);

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function OrdersPage({ searchParams }: Props) {
  const view = parseOrdersView(await searchParams);
  const here = ordersHref(view);
  const seller = await requireSeller(here);
  const allowed = canReadOrders(seller.scopes);
  const timeZone = seller.shopId === null ? DEFAULT_TIME_ZONE : await sellerTimeZone(seller.shopId);
  const result =
    allowed && seller.shopId !== null
      ? await queueView({ userId: seller.userId, shopId: seller.shopId }, queueFilterOf(view, timeZone), {
          limit: ORDERS_PER_PAGE,
          offset: (view.page - 1) * ORDERS_PER_PAGE,
        })
      : null;
  if (result && !result.ok && (result.failure.kind === "reauth" || result.failure.kind === "invalid_token"))
    redirect(signInPath(here, "expired"));
  const pages = result?.ok ? Math.max(1, Math.ceil(result.data.counts.items / ORDERS_PER_PAGE)) : 1;
  return (
    <>
      <SiteHeader shopName={seller.shopName} />
      <main id="main" tabIndex={-1} className="mx-auto max-w-7xl px-4 py-4 outline-none md:py-5">
        {result?.ok && (
          <a
            href="#queue"
            className="sr-only rounded bg-white px-3 py-2 text-sm font-semibold text-blue-800 underline focus:not-sr-only focus:inline-block"
          >
            Skip to the queue
          </a>
        )}
        {seller.shopId !== null && <SellerTimeZone kept={timeZone} />}
        <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
          <h1 className="text-2xl font-semibold">Orders</h1>
          <p className="text-sm text-stone-700">
            One row per item, the first to ship at the top; days in {timeZone} time.
          </p>
          {result?.ok && (
            <Link
              href={ordersHref({ ...view, page: 1 }, "/orders/sheet")}
              className="inline-flex min-h-11 items-center text-sm text-blue-800 underline md:ml-auto md:min-h-0"
            >
              Production sheet
            </Link>
          )}
          <Link
            href="/production"
            className="inline-flex min-h-11 items-center text-sm text-blue-800 underline md:min-h-0"
          >
            Production profiles
          </Link>
        </div>
        {seller.shopId === null ? (
          <p role="status" className="mt-4 rounded-lg bg-amber-50 p-4 ring-1 ring-amber-200">
            Your marketplace account has no shop yet, so there are no orders.
          </p>
        ) : !allowed || (result && !result.ok && result.failure.kind === "insufficient_scope") ? (
          <AllowOrders />
        ) : result && !result.ok ? (
          <PageUnavailable message={describeFailure(result.failure, "load")} />
        ) : result ? (
          <>
            {result.data.sync.away && (
              <KeptOrdersNotice checkedAt={result.data.sync.checkedAt} timeZone={result.data.day.timeZone} />
            )}
            <OrderFilters view={view} listings={result.data.listings} />
            {!result.data.sync.filled && <OrdersFilling sync={result.data.sync} />}
            <p className="mt-2 text-sm text-stone-700">
              {result.data.counts.items === 0
                ? "No items match."
                : `${counted(result.data.counts.items, "item")} in ${counted(result.data.counts.orders, "order")}; ${counted(result.data.counts.overdue, "item")} overdue, ${counted(result.data.counts.dueToday, "item")} due today${pages > 1 ? `; page ${view.page} of ${pages}` : ""}.`}
              {result.data.cut && " Only the newest orders are shown: narrow the queue by listing, date or search."}
            </p>
            <QueueTable
              items={result.data.items}
              dueTodayIds={result.data.dueTodayIds}
              day={result.data.day}
              now={result.data.marketplaceNow}
              wait={result.data.wait}
              carrier={result.data.carrier}
            />
            {pages > 1 && (
              <nav aria-label="Pages of the queue" className="mt-4 flex gap-4 text-sm">
                {view.page > 1 && (
                  <PageLink href={ordersHref({ ...view, page: view.page - 1 })}>Previous page</PageLink>
                )}
                {view.page < pages && (
                  <PageLink href={ordersHref({ ...view, page: view.page + 1 })}>Next page</PageLink>
                )}
              </nav>
            )}
          </>
        ) : null}
      </main>
    </>
  );
}
