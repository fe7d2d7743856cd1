"use client";

import { useState, useTransition, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import type { CellError } from "@/lib/changes/csv-sheet";
import type { ImportWarning } from "@/lib/changes/spreadsheet";
import { Button } from "../ui/button";
import { wholeNumber } from "@/lib/whole-number";

type Refusal = { error: string; errors?: CellError[]; more?: number };
/** `planId` null: the file holds nothing to write, and `message` says why. */
type Planned = { planId: string | null; message?: string; warnings: ImportWarning[]; moreWarnings: number };

/**
 * The edited file goes to the server, which checks every cell the seller changed; a refused file lists the first bad
 * cells, nothing is planned. Listings left as they are that already break a rule are listed before the review.
 */
export function SpreadsheetImport() {
  const router = useRouter();
  const [importing, startTransition] = useTransition();
  const [refusal, setRefusal] = useState<Refusal>();
  const [planned, setPlanned] = useState<Planned>();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = new FormData(event.currentTarget).get("file");
    if (!(file instanceof File) || file.size === 0)
      return setRefusal({ error: "Choose the file you exported and edited." });
    setRefusal(undefined);
    setPlanned(undefined);
    startTransition(async () => {
      const response = await fetch("/api/changes/import", {
        method: "POST",
        headers: { "content-type": file.type || "application/octet-stream" },
        body: await file.arrayBuffer(),
      });
      const body = (await response.json()) as Partial<Planned> & Partial<Refusal>;
      if (response.ok && body.planId !== undefined) {
        if (body.planId && !body.warnings?.length) return router.push(`/changes/${body.planId}`);
        return setPlanned({
          planId: body.planId,
          message: body.message,
          warnings: body.warnings ?? [],
          moreWarnings: body.moreWarnings ?? 0,
        });
      }
      setRefusal({
        error: body.error ?? "The file could not be imported. Try again.",
        errors: body.errors,
        more: body.more,
      });
    });
  }

  return (
    <form onSubmit={submit} className="mt-4 flex flex-wrap items-end gap-3">
      <label className="font-medium">
        Edited file (CSV or Excel)
        <input
          type="file"
          name="file"
          accept=".csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          className="mt-1 block"
        />
      </label>
      <Button type="submit" variant="primary" compact disabled={importing}>
        {importing ? "Checking the file…" : "Import and review"}
      </Button>
      {refusal && (
        <div role="alert" className="w-full rounded-md bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200">
          <p>{refusal.error}</p>
          {refusal.errors && refusal.errors.length > 0 && (
            <table className="mt-2 text-left" data-testid="import-errors">
              <thead>
                <tr>
                  <th className="pr-4">Row</th>
                  <th className="pr-4">Column</th>
                  <th>Reason</th>
                </tr>
              </thead>
              <tbody>
                {refusal.errors.map((cell, index) => (
                  <tr key={index}>
                    <td className="pr-4">{cell.row}</td>
                    <td className="pr-4">{cell.column}</td>
                    <td>{cell.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {!!refusal.more && (
            <p className="mt-2">
              And {wholeNumber(refusal.more)} more {refusal.more === 1 ? "problem" : "problems"}: fix these first, then
              import the file again to see the rest.
            </p>
          )}
        </div>
      )}
      {planned && (
        <div role="status" className="w-full rounded-md bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-200">
          <p data-testid="import-outcome">{planned.planId ? "Your changes are planned." : planned.message}</p>
          {planned.warnings.length > 0 && (
            <>
              <p className="mt-2">
                These listings already break a rule, and the file leaves them as they are, so nothing is written to
                them: open each to fix it.
              </p>
              <ul className="mt-2 list-disc pl-5" data-testid="import-warnings">
                {planned.warnings.map((warning) => (
                  <li key={warning.listingId}>
                    <a href={`/listings/${warning.listingId}`} className="text-blue-800 underline">
                      {warning.title}
                    </a>
                    : {warning.reason}
                  </li>
                ))}
              </ul>
            </>
          )}
          {planned.moreWarnings > 0 && <p className="mt-2">And {wholeNumber(planned.moreWarnings)} more.</p>}
          {planned.planId && (
            <a
              href={`/changes/${planned.planId}`}
              className="mt-3 inline-block min-h-11 content-center rounded-md bg-brand px-4 font-medium text-white hover:bg-brand-dark md:min-h-9"
            >
              Review the plan
            </a>
          )}
        </div>
      )}
    </form>
  );
}
