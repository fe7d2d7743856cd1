import type { Metadata } from "next";
import { SiteHeader } from "@/components/site-header";
import { OutsideChangeList } from "@/components/inbox/outside-change-list";
import { requireSeller } from "@/lib/auth/seller";
import { canEdit } from "@/lib/marketplace/scopes";
import { db } from "@/lib/db";
import { mirrorStore } from "@/lib/mirror/mirror-store";
import { needsAttentionCount } from "@/lib/shop-health/needs-attention";
import { healthCheck } from "@/lib/shop-health/health-check";
import { healthCalendar } from "@/lib/shop-health/health-calendar";
import { personalizationPhase } from "@/lib/personalization/phase-probe";
import { ShopHealth } from "@/components/inbox/shop-health";
import { BackToListingsLink } from "@/components/back-to-listings-link";

export const metadata: Metadata = { title: "Needs attention" };

export default async function InboxPage() {
  const seller = await requireSeller("/inbox");
  const store = mirrorStore(await db());
  const changes = seller.shopId === null ? [] : await store.changes(seller.shopId);
  const shop = seller.shopId === null ? null : await store.shop(seller.shopId);
  const health =
    shop?.status === "filled"
      ? healthCheck(await store.listings(shop.shopId), await personalizationPhase().current(), healthCalendar())
      : null;
  const attention = seller.shopId === null ? 0 : await needsAttentionCount(seller.shopId);
  return (
    <>
      <SiteHeader shopName={seller.shopName} />
      <main id="main" tabIndex={-1} className="mx-auto max-w-5xl px-4 py-6 outline-none md:py-8">
        <BackToListingsLink />
        <h1 className="mt-2 text-2xl font-semibold">Needs attention</h1>
        <p className="mt-1 text-stone-700" data-testid="needs-attention-total">
          {attention === 0
            ? "No listing needs attention."
            : `${attention} ${attention === 1 ? "listing needs" : "listings need"} attention: an outside change to settle, or a rule below.`}
        </p>
        <h2 className="mt-4 text-xl font-semibold">Outside changes</h2>
        <p className="mt-1 text-sm text-stone-700">
          Changes to what buyers are asked that were made on the marketplace or by another app, not in this dashboard.
          Keep each one, or revert it to what the listing asked before.
        </p>
        <OutsideChangeList changes={changes} canEdit={canEdit(seller.scopes)} />
        <ShopHealth report={health} canEdit={canEdit(seller.scopes)} />
      </main>
    </>
  );
}
