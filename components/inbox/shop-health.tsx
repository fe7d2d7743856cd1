import Link from "next/link";
import {
  FINDINGS,
  findingAnchor,
  type Finding,
  type FoundListing,
  type HealthReport,
} from "@/lib/shop-health/health-check";
import { AUTOMATIC_FIX, FIXED_IN_EDITOR, fixPhrase } from "@/lib/shop-health/health-fixes";
import { gridHref } from "@/lib/changes/grid-href";
import { consequenceOf, dayInWords } from "@/lib/personalization/dated-rules";
import { plural } from "../changes/plan-words";
import { AutomaticFixesButton, HealthFixForm } from "./health-fix-form";

/** One finding, today's or forecast, with its listings and the fix of its rule. */
function FindingEntry({
  finding,
  summary,
  listings,
  canEdit,
  anchor,
}: {
  finding: Finding;
  summary: string;
  listings: FoundListing[];
  canEdit: boolean;
  anchor?: string;
}) {
  return (
    <li id={anchor} className="scroll-mt-4 rounded-xl bg-white p-4 text-stone-900 ring-1 ring-stone-200">
      <details>
        <summary className="cursor-pointer font-medium">{summary}</summary>
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
          <span className="sr-only">: {summary}</span>
        </Link>
      )}
      {FIXED_IN_EDITOR.includes(finding) ? (
        <p className="mt-2 text-sm text-stone-700">
          Each of these needs your own words: type them in the grid, where every cell is checked as you type.
        </p>
      ) : (
        canEdit && <HealthFixForm finding={finding} name={summary} />
      )}
    </li>
  );
}

/** One plan of every finding's first fix that needs no words, saying which fix each gets and which findings wait. */
function AutomaticFixes({ findings }: { findings: HealthReport["findings"] }) {
  const automatic = findings.flatMap(({ finding, listings }) => {
    const fix = AUTOMATIC_FIX[finding];
    return fix ? [{ finding, count: listings.length, fix }] : [];
  });
  const needWords = findings.filter(({ finding }) => !AUTOMATIC_FIX[finding]);
  if (automatic.length === 0) return null;
  return (
    <div className="mt-3 rounded-xl bg-white p-4 text-sm text-stone-900 ring-1 ring-stone-200">
      <div id="automatic-fixes-hint">
        <p>One plan to review, with each finding&apos;s fix that needs no words of yours:</p>
        <ul className="mt-1 list-disc pl-5">
          {automatic.map(({ finding, count, fix }) => (
            <li key={finding}>
              {FINDINGS[finding]} ({plural(count, "listing")}): {fixPhrase(fix)}.
            </li>
          ))}
        </ul>
      </div>
      {needWords.length > 0 && (
        <p className="mt-2 text-stone-700" data-testid="automatic-fixes-left-out">
          Left out, as they need your own words:{" "}
          {needWords
            .map(({ finding, listings }) => `${FINDINGS[finding]} (${plural(listings.length, "listing")})`)
            .join("; ")}
          .
        </p>
      )}
      <AutomaticFixesButton hintId="automatic-fixes-hint" />
    </div>
  );
}

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
          {canEdit && <AutomaticFixes findings={report.findings} />}
          <ul className="mt-3 space-y-3" aria-label="Findings">
            {report.findings.map(({ finding, listings }) => (
              <FindingEntry
                key={finding}
                finding={finding}
                summary={`${FINDINGS[finding]}: ${plural(listings.length, "listing")}`}
                listings={listings}
                canEdit={canEdit}
                anchor={findingAnchor(finding)}
              />
            ))}
          </ul>
        </>
      )}
      {report !== null && report.forecasts.length > 0 && (
        <>
          <h3 className="mt-6 text-lg font-semibold">Coming rules</h3>
          <p className="mt-1 text-sm text-stone-700">
            Rules the marketplace has dated. Fix these listings before the day, and nothing breaks on it.
          </p>
          <ul className="mt-3 space-y-3" aria-label="Coming rules">
            {report.forecasts.map(({ rule, finding, listings }) => (
              <FindingEntry
                key={`${rule.rule}-${rule.from}-${rule.max}`}
                finding={finding}
                summary={`From ${dayInWords(rule.from)}: ${plural(listings.length, "listing")} ${consequenceOf(rule, listings.length)}`}
                listings={listings}
                canEdit={canEdit}
              />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
