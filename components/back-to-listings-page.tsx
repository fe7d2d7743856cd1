import type { ReactNode } from "react";
import { BackToListingsLink } from "./back-to-listings-link";
import { SiteHeader } from "./site-header";

export function BackToListingsPage({
  shopName,
  unavailable,
  children,
}: {
  shopName: string | null;
  unavailable?: { title: string; message: string };
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
            <p role="alert" className="mt-4 rounded-lg bg-red-50 p-4 text-red-900 ring-1 ring-red-200">
              {unavailable.message}
            </p>
          </>
        ) : (
          children
        )}
      </main>
    </>
  );
}
