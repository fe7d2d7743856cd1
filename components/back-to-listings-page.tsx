import Link from "next/link";
import type { ReactNode } from "react";
import { BackToListingsLink } from "./back-to-listings-link";
import { SiteHeader } from "./site-header";

export function BackToListingsPage({
  shopName,
  unavailable,
  children,
}: {
  shopName: string | null;
  /** `gone`: the marketplace removed the listing, which is no error; `ordersHref` shows its orders' answers. */
  unavailable?: { title: string; message: string; gone?: { ordersHref: string } };
  children?: ReactNode;
}) {
  return (
    <>
      <SiteHeader shopName={shopName} />
      <main id="main" tabIndex={-1} className="outline-none mx-auto max-w-5xl px-4 py-8">
        <BackToListingsLink />
        {unavailable ? (
          <>
            <h1 className="mt-4 text-2xl font-semibold">{unavailable.title}</h1>
            {unavailable.gone ? (
              <p
                data-testid="listing-gone"
                className="mt-4 rounded-lg bg-stone-100 p-4 text-stone-800 ring-1 ring-stone-300"
              >
                {unavailable.message}{" "}
                <Link href={unavailable.gone.ordersHref} className="text-blue-800 underline underline-offset-2">
                  See its orders
                </Link>
              </p>
            ) : (
              <p role="alert" className="mt-4 rounded-lg bg-red-50 p-4 text-red-900 ring-1 ring-red-200">
                {unavailable.message}
              </p>
            )}
          </>
        ) : (
          children
        )}
      </main>
    </>
  );
}
