import type { Metadata } from "next";
import { SiteHeader } from "@/components/site-header";
import { OutsideChangeList } from "@/components/inbox/outside-change-list";
import { requireSeller } from "@/lib/auth/seller";
import { canEdit } from "@/lib/auth/scopes";
import { db } from "@/lib/db";
import { mirrorStore } from "@/lib/mirror/mirror-store";

export const metadata: Metadata = { title: "Outside changes" };

/** Every personalization change the dashboard did not make, against the last version it knew. */
export default async function InboxPage() {
  const seller = await requireSeller("/inbox");
  const changes = seller.shopId === null ? [] : await mirrorStore(await db()).changes(seller.shopId);
  return (
    <>
      <SiteHeader shopName={seller.shopName} />
      <main className="mx-auto max-w-5xl px-4 py-6 md:py-8">
        <h1 className="text-2xl font-semibold">Outside changes</h1>
        <p className="mt-1 text-sm text-stone-700">
          Changes to what buyers are asked that were made on the marketplace or by another app, not in this dashboard.
          Keep each one, or revert it to what the listing asked before.
        </p>
        <OutsideChangeList changes={changes} canEdit={canEdit(seller.scopes)} />
      </main>
    </>
  );
}
