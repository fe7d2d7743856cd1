import type { Metadata } from "next";
import Link from "next/link";
import { BackToListingsPage } from "@/components/back-to-listings-page";
import { LocalTime } from "@/components/local-time";
import { SpreadsheetImport } from "@/components/changes/spreadsheet-import";
import { requireSeller } from "@/lib/auth/seller";
import { canEdit } from "@/lib/marketplace/scopes";
import { planRunner } from "@/lib/changes/planning";

export const metadata: Metadata = { title: "Changes and spreadsheets" };

const STATUS = {
  preparing: "Being planned",
  reviewing: "Waiting for review",
  applying: "Applying",
  paused: "Paused",
  applied: "Applied",
  discarded: "Discarded",
};

export default async function ChangesPage() {
  const seller = await requireSeller("/changes");
  const plans = seller.shopId === null ? [] : await (await planRunner()).plans.recent(seller.shopId);
  return (
    <BackToListingsPage shopName={seller.shopName}>
      <h1 className="mt-4 text-2xl font-semibold">Changes and spreadsheets</h1>
      <section aria-labelledby="spreadsheet-heading" className="mt-6">
        <h2 id="spreadsheet-heading" className="text-lg font-semibold">
          Edit your questions in a spreadsheet
        </h2>
        <p className="mt-1 text-sm text-stone-700">
          Download every listing&apos;s questions, one row per listing and question, edit the cells, and import the
          file: every cell is checked, rows you left as they were are ignored, and the rest becomes a plan to review.
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          <a
            href="/api/changes/export"
            download
            className="inline-block min-h-11 content-center rounded-md px-3 font-medium ring-1 ring-stone-300 md:min-h-9"
          >
            Export questions (CSV)
          </a>
          <a
            href="/api/changes/export?format=xlsx"
            download
            className="inline-block min-h-11 content-center rounded-md px-3 font-medium ring-1 ring-stone-300 md:min-h-9"
          >
            Export questions (Excel)
          </a>
        </div>
        <p className="mt-1 text-sm text-stone-600">
          Import takes the CSV: from Excel, save the workbook as “CSV UTF-8”.
        </p>
        {canEdit(seller.scopes) && <SpreadsheetImport />}
      </section>
      <section aria-labelledby="plans-heading" className="mt-8">
        <h2 id="plans-heading" className="text-lg font-semibold">
          Recent changes
        </h2>
        {plans.length === 0 ? (
          <p className="mt-2 text-stone-600">No changes yet. Tick listings and choose “Change listings…”.</p>
        ) : (
          <ul className="mt-2 space-y-1">
            {plans.map((plan) => (
              <li key={plan.id}>
                <Link href={`/changes/${plan.id}`} className="text-blue-800 underline">
                  {plan.description}
                </Link>{" "}
                <span className="text-sm text-stone-600">
                  {STATUS[plan.status]}, <LocalTime at={plan.createdAt} />
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </BackToListingsPage>
  );
}
