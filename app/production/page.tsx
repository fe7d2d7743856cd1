import Link from "next/link";
import type { Metadata } from "next";
import { SiteHeader } from "@/components/site-header";
import { ProfileForm, type ListingChoice } from "@/components/production/profile-form";
import { requireSeller } from "@/lib/auth/seller";
import { db } from "@/lib/db";
import { mirrorStore } from "@/lib/mirror/mirror-store";
import { orderStore } from "@/lib/orders/order-store";
import { profileStore } from "@/lib/production/profile-store";
import { saveProfileAction } from "./save-profile";

export const metadata: Metadata = { title: "Production profiles" };

/** The shop's listings to choose from: the mirror's when kept, else those with kept orders. */
async function listingChoices(shopId: number): Promise<ListingChoice[]> {
  const database = await db();
  const mirrored = await mirrorStore(database).listings(shopId);
  if (mirrored.length > 0) return mirrored.map((listing) => ({ listingId: listing.id, title: listing.title }));
  return (await orderStore(database).listings(shopId)).map(({ listingId, title }) => ({ listingId, title }));
}

export default async function ProductionPage() {
  const seller = await requireSeller("/production");
  const shopId = seller.shopId;
  const profiles = shopId === null ? [] : await profileStore(await db()).list(shopId);
  const listings = shopId === null ? [] : await listingChoices(shopId);
  return (
    <>
      <SiteHeader shopName={seller.shopName} />
      <main id="main" tabIndex={-1} className="mx-auto max-w-3xl space-y-6 px-4 py-6 outline-none md:py-8">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h1 className="text-2xl font-semibold">Production profiles</h1>
          <Link
            href="/production/pick-list"
            className="inline-flex min-h-11 items-center text-sm text-blue-800 underline"
          >
            Pick list
          </Link>
        </div>
        <p className="text-sm text-stone-700">
          What you make with: the font, the height of its capitals and the area the text must fit. Every text answer of
          a profile&apos;s listings is checked against it (a letter the font lacks, a line too wide, too many lines, a
          blocked word, lower case where capitals are made) and an item with a finding waits in review on the Orders
          page, with its proof beside it.
        </p>
        {shopId === null ? (
          <p role="status">Your marketplace account has no shop yet, so there is nothing to make.</p>
        ) : (
          <>
            {profiles.map((profile) => (
              <section key={profile.profileId} aria-label={profile.name}>
                <h2 className="text-lg font-semibold">
                  {profile.name} <span className="font-normal text-stone-700">({profile.fontName})</span>
                </h2>
                <ProfileForm profile={profile} listings={listings} save={saveProfileAction} />
              </section>
            ))}
            <section aria-label="New profile">
              <h2 className="text-lg font-semibold">New profile</h2>
              <ProfileForm profile={null} listings={listings} save={saveProfileAction} />
            </section>
          </>
        )}
      </main>
    </>
  );
}
