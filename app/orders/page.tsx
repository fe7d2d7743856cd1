import Link from "next/link";
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SiteHeader } from "@/components/site-header";
import { AllowOrders } from "@/components/orders/allow-orders";
import { OrderCard } from "@/components/orders/order-card";
import { OrderFilters } from "@/components/orders/order-filters";
import { OrdersFilling } from "@/components/orders/orders-filling";
import { PageUnavailable } from "@/components/feedback/page-unavailable";
import { requireSeller, signInPath } from "@/lib/auth/seller";
import { canReadOrders } from "@/lib/auth/scopes";
import { describeFailure } from "@/lib/marketplace";
import { ordersView } from "@/lib/orders/orders-view";
import { ORDERS_PER_PAGE, orderFilterOf, ordersHref, parseOrdersView } from "@/lib/orders/view";

export const metadata: Metadata = { title: "Orders" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function OrdersPage({ searchParams }: Props) {
  const view = parseOrdersView(await searchParams);
  const here = ordersHref(view);
  const seller = await requireSeller(here);
  const allowed = canReadOrders(seller.scopes);
  const result =
    allowed && seller.shopId !== null
      ? await ordersView({ userId: seller.userId, shopId: seller.shopId }, orderFilterOf(view), {
          limit: ORDERS_PER_PAGE,
          offset: (view.page - 1) * ORDERS_PER_PAGE,
        })
      : null;
  if (result && !result.ok && (result.failure.kind === "reauth" || result.failure.kind === "invalid_token"))
    redirect(signInPath(here, "expired"));
  const pages = result?.ok ? Math.max(1, Math.ceil(result.data.total / ORDERS_PER_PAGE)) : 1;
  return (
    <>
      <SiteHeader shopName={seller.shopName} />
      <main id="main" tabIndex={-1} className="mx-auto max-w-5xl px-4 py-6 outline-none md:py-8">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h1 className="text-2xl font-semibold">Orders</h1>
          {result?.ok && (
            <Link
              href={ordersHref({ ...view, page: 1 }, "/orders/sheet")}
              className="inline-flex min-h-11 items-center text-sm text-blue-800 underline md:min-h-0"
            >
              Production sheet
            </Link>
          )}
        </div>
        <p className="mt-1 text-sm text-stone-700">
          What buyers answered, each answer under the question it answers, worded as the buyer saw it. Open orders
          (paid, not shipped) first, newest first.
        </p>
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
            <OrderFilters view={view} listings={result.data.listings} />
            {!result.data.sync.filled && <OrdersFilling sync={result.data.sync} />}
            <p role="status" className="mt-4 text-sm text-stone-700">
              {result.data.total === 0
                ? "No orders match."
                : `${result.data.total} orders, ${result.data.open} of them open${pages > 1 ? `; page ${view.page} of ${pages}` : ""}.`}
            </p>
            <div className="mt-3 flex flex-col gap-4">
              {result.data.orders.map((order) => (
                <OrderCard key={order.receiptId} order={order} />
              ))}
            </div>
            {pages > 1 && (
              <nav aria-label="Pages of orders" className="mt-4 flex gap-4 text-sm">
                {view.page > 1 && (
                  <Link
                    className="inline-flex min-h-11 items-center text-blue-800 underline"
                    href={ordersHref({ ...view, page: view.page - 1 })}
                  >
                    Previous page
                  </Link>
                )}
                {view.page < pages && (
                  <Link
                    className="inline-flex min-h-11 items-center text-blue-800 underline"
                    href={ordersHref({ ...view, page: view.page + 1 })}
                  >
                    Next page
                  </Link>
                )}
              </nav>
            )}
          </>
        ) : null}
      </main>
    </>
  );
}
