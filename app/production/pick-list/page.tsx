import type { Metadata } from "next";
import { SiteHeader } from "@/components/site-header";
import { PageUnavailable } from "@/components/feedback/page-unavailable";
import { AllowOrders } from "@/components/orders/allow-orders";
import { PickList } from "@/components/production/pick-list";
import { requireSeller } from "@/lib/auth/seller";
import { describeFailure } from "@/lib/marketplace";
import { canReadOrders } from "@/lib/marketplace/scopes";
import { productionSheetView } from "@/lib/orders/sheet-view";
import { sellerTimeZone } from "@/lib/orders/queue/queue-view";
import { ordersHref, parseOrdersView, queueFilterOf, sheetOptionsOf, viewWords } from "@/lib/orders/view";
import { pickList } from "@/lib/orders/pick-list";
import { STATE_LABELS } from "@/lib/orders/queue/states";

export const metadata: Metadata = { title: "Pick list" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The sheet's items (its filter and state, carried by the sheet's link) as the maker sets up for them. */
export default async function PickListPage({ searchParams }: Props) {
  const params = await searchParams;
  const view = { ...parseOrdersView(params), page: 1 };
  const seller = await requireSeller(ordersHref(view, "/production/pick-list"));
  const allowed = canReadOrders(seller.scopes);
  const result =
    allowed && seller.shopId !== null
      ? await productionSheetView(
          { userId: seller.userId, shopId: seller.shopId },
          queueFilterOf(view, await sellerTimeZone(seller.shopId)),
          { ...sheetOptionsOf(view, params), onHold: false },
        )
      : null;
  const holds = [...(result?.ok ? [STATE_LABELS[result.data.sheet.state]] : []), ...viewWords(view)];
  return (
    <>
      <SiteHeader shopName={seller.shopName} />
      <main id="main" tabIndex={-1} className="mx-auto max-w-3xl space-y-4 px-4 py-6 outline-none md:py-8">
        <h1 className="text-2xl font-semibold">
          Pick list
          {holds.length > 0 && <span className="block text-lg">{holds.join(" · ")}</span>}
        </h1>
        <p className="text-sm text-stone-700">
          The sheet&apos;s items by listing and by the choices they were bought with, in items: set up once for each.
          Each parcel&apos;s label key (order, items, the answer&apos;s first word) is the production sheet&apos;s last
          column in CSV and Excel.
        </p>
        {!allowed ? (
          <AllowOrders />
        ) : result && !result.ok ? (
          <PageUnavailable message={describeFailure(result.failure, "load")} />
        ) : result ? (
          <PickList listings={pickList(result.data.sheet.listings)} />
        ) : (
          <p role="status">Your marketplace account has no shop yet, so there is nothing to make.</p>
        )}
      </main>
    </>
  );
}
