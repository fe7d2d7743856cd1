import Link from "next/link";
import { FINDINGS, type HealthReport } from "@/lib/mirror/health-check";
import { FIXED_IN_EDITOR } from "@/lib/mirror/health-fixes";
import { gridHref } from "@/lib/changes/grid-href";
import { HealthFixForm } from "./health-fix-form";

/** The shop health check: every mirrored listing against the current period's rules, with counts per finding. */
export function ShopHealth({ report, canEdit }: { report: HealthReport | null; canEdit: boolean }) {
  return (
    <section aria-labelledby="health-heading" className="mt-8">
      <h2 id="health-heading" className="text-xl font-semibold">
        Shop health check
      </h2>
      {report === null ? (
        <p className="mt-2 text-sm">
          The check runs once the dashboard has read your shop; open the listings page first.
        </p>
      ) : report.findings.length === 0 ? (
        <p className="mt-2 text-sm">All {report.scanned} listings follow the marketplace&apos;s current rules.</p>
      ) : (
        <>
          <p className="mt-2 text-sm">
            {report.scanned} listings checked against the marketplace&apos;s current rules.
          </p>
          <ul className="mt-3 space-y-3" aria-label="Findings">
            {report.findings.map(({ finding, listings }) => (
              <li key={finding} className="rounded-xl bg-white p-4 text-stone-900 ring-1 ring-stone-200">
                <details>
                  <summary className="cursor-pointer font-medium">
                    {FINDINGS[finding]}: {listings.length} {listings.length === 1 ? "listing" : "listings"}
                  </summary>
                  <ul className="mt-2 list-disc pl-5 text-sm">
                    {listings.map((listing) => (
                      <li key={listing.id}>
                        <Link href={`/listings/${listing.id}`} className="text-blue-800 underline underline-offset-2">
                          {listing.title}
                        </Link>
                        : {listing.reason}
                      </li>
                    ))}
                  </ul>
                </details>
                {finding !== "no-question" && (
                  <Link
                    href={gridHref({ kind: "listings", listingIds: listings.map((listing) => listing.id) })}
                    className="mt-2 inline-flex min-h-11 items-center text-sm font-medium text-blue-800 underline underline-offset-2 md:min-h-0"
                  >
                    Fix {listings.length === 1 ? "it" : `these ${listings.length}`} in a grid
                    <span className="sr-only">: {FINDINGS[finding]}</span>
                  </Link>
                )}
                {FIXED_IN_EDITOR.includes(finding) ? (
                  <p className="mt-2 text-sm text-stone-700">
                    Each of these needs your own words: type them in the grid, where every cell is checked as you type.
                  </p>
                ) : (
                  canEdit && <HealthFixForm finding={finding} />
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
