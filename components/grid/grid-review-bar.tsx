"use client";

import { useMemo, useState } from "react";
import { useRouter } from "next/navigation";
import { planGridAction } from "@/app/listings/grid/plan-grid";
import { sameValues, type GridRow } from "@/lib/changes/grid-rows";
import { plural } from "../changes/plan-words";
import { callAction } from "../feedback/call-action";
import { Button } from "../ui/button";
import { PANEL_CLASS } from "../ui/panel";
import { errorsOf } from "./grid-columns";

/** Under the grid: what changed so far, what still breaks a rule, and the way on to the review. */
export function GridReviewBar({
  rows,
  original,
  versions,
  canEdit,
}: {
  rows: GridRow[];
  /** Each row as the grid opened it. */
  original: Map<string, GridRow>;
  versions: Record<string, string[]>;
  canEdit: boolean;
}) {
  const changed = useMemo(() => rows.filter((row) => !sameValues(row, original.get(row.key) ?? row)), [rows, original]);
  const broken = useMemo(() => changed.filter((row) => Object.keys(errorsOf(row)).length > 0).length, [changed]);
  const router = useRouter();
  const [review, setReview] = useState<{ pending: boolean; error?: string; notice?: string }>({ pending: false });

  const reviewChanges = async () => {
    setReview({ pending: true });
    // Each row's place and values go; what only names or shows it (title, question, type, currency) stays here.
    const edits = changed.map(({ key, listingTitle, question, type, currencyCode, ...edit }) => edit);
    // The grid's edits live in the page only: a reload loses them, and the sentence says so.
    const opened = Object.fromEntries(
      [...new Set(edits.map((edit) => String(edit.listingId)))].map((id) => [id, versions[id] ?? []]),
    );
    const result = await callAction(() => planGridAction({ edits, versions: opened }), "lost");
    if (result.ok && result.data.planId === null) setReview({ pending: false, notice: result.data.message });
    else if (result.ok) router.push(`/changes/${result.data.planId}`);
    else setReview({ pending: false, error: result.formError });
  };

  const listingCount = new Set(changed.map((row) => row.listingId)).size;
  return (
    <div className={`sticky bottom-0 mt-3 flex flex-wrap items-center gap-3 p-3 ${PANEL_CLASS}`}>
      <p className="text-sm" data-testid="grid-summary" aria-live="polite">
        {changed.length === 0
          ? "No cell changed yet."
          : `${plural(changed.length, "question")} changed on ${plural(listingCount, "listing")}.`}
        {broken > 0 && ` ${broken} still ${broken === 1 ? "breaks" : "break"} a rule: fix the cells marked in red.`}
      </p>
      <Button
        variant="primary"
        compact
        disabled={!canEdit || changed.length === 0 || broken > 0 || review.pending}
        onClick={() => void reviewChanges()}
        className="text-sm sm:ml-auto"
      >
        {review.pending ? "Planning…" : `Review ${plural(changed.length, "change")}`}
      </Button>
      {review.notice && (
        <p role="status" className="w-full text-sm text-stone-800">
          {review.notice}
        </p>
      )}
      {review.error && (
        <p role="alert" className="w-full text-sm text-red-800">
          {review.error}
        </p>
      )}
      {!canEdit && (
        <p className="w-full text-sm text-stone-700">
          You did not allow the dashboard to edit listings: sign in again and keep “Create and edit your listings”
          checked to change them.
        </p>
      )}
    </div>
  );
}
