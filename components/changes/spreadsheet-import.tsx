"use client";

import { useState, useTransition, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import type { CellError } from "@/lib/changes/spreadsheet";

/** The edited CSV goes to the server, which checks every cell; a refused file lists each bad cell, nothing is planned. */
export function SpreadsheetImport() {
  const router = useRouter();
  const [importing, startTransition] = useTransition();
  const [refusal, setRefusal] = useState<{ error: string; errors?: CellError[] }>();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = new FormData(event.currentTarget).get("file");
    if (!(file instanceof File) || file.size === 0)
      return setRefusal({ error: "Choose the CSV file you exported and edited." });
    setRefusal(undefined);
    startTransition(async () => {
      const response = await fetch("/api/changes/import", {
        method: "POST",
        headers: { "content-type": "text/csv" },
        body: await file.arrayBuffer(),
      });
      const body = (await response.json()) as { planId?: string; error?: string; errors?: CellError[] };
      if (response.ok && body.planId) return router.push(`/changes/${body.planId}`);
      setRefusal({ error: body.error ?? "The file could not be imported. Try again.", errors: body.errors });
    });
  }

  return (
    <form onSubmit={submit} className="mt-4 flex flex-wrap items-end gap-3">
      <label className="font-medium">
        Edited CSV file
        <input type="file" name="file" accept=".csv,text/csv" className="mt-1 block" />
      </label>
      <button
        type="submit"
        disabled={importing}
        className="min-h-11 rounded-md bg-brand px-4 font-medium text-white hover:bg-brand-dark disabled:opacity-50 md:min-h-9"
      >
        {importing ? "Checking the file…" : "Import and review"}
      </button>
      {refusal && (
        <div role="alert" className="w-full rounded-md bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200">
          <p>{refusal.error}</p>
          {refusal.errors && (
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
        </div>
      )}
    </form>
  );
}
