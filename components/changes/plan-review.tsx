"use client";

import { useCallback, useRef, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import {
  applyPlanAction,
  discardPlanAction,
  includeRowsAction,
  planUndoAction,
  retryRowsAction,
  takeRowsAction,
} from "@/app/changes/change-actions";
import type { ActionResult } from "@/lib/actions/seller-action";
import type { ListingState } from "@/lib/marketplace/client";
import { PLAN_PAGE_ROWS, type PagedPlanView, type PlanItemView } from "@/lib/changes/plan-view";
import { useFeedback } from "../feedback/toast-context";
import { callAction } from "../feedback/call-action";
import { ReloadPageButton } from "../feedback/reload-page-button";
import { Button } from "../ui/button";
import { PANEL_CLASS } from "../ui/panel";
import { PlanActions } from "./plan-actions";
import { PlanDetails } from "./plan-details";
import { PlanFilters } from "./plan-filters";
import { PlanRow } from "./plan-row";
import { PlanStatus } from "./plan-status";
import { plural } from "./plan-words";
import { usePlanPage, usePlanProgress } from "./use-plan-rows";
import { useSelectOnListings } from "./use-select-on-listings";

/**
 * A plan under review, then its apply: every listing's before → after field by field, the ones it skips and why, and
 * what it costs. The rows come a page at a time from the server, so a plan of thousands of listings costs the browser
 * no more than one of fifty.
 */
export function PlanReview({
  initial,
  canEdit,
  afterwards = [],
}: {
  initial: PagedPlanView;
  canEdit: boolean;
  /** Where the seller goes on once the plan is applied or discarded, for a plan that came from elsewhere. */
  afterwards?: { href: string; label: string }[];
}) {
  const [plan, setPlan] = useState(initial);
  const [reserve, setReserve] = useState("");
  const [busy, startTransition] = useTransition();
  const { notify } = useFeedback();
  const router = useRouter();
  const scroller = useRef<HTMLDivElement>(null);
  const reviewing = plan.status === "reviewing" && canEdit;
  const { filter, offset, counts } = plan.page;
  const planId = plan.id;

  const { load, failing } = usePlanPage(
    planId,
    useCallback((page: PagedPlanView) => {
      setPlan(page);
      scroller.current?.scrollTo({ top: 0 });
    }, []),
    useCallback(() => notify({ tone: "error", text: "These rows could not be loaded. Try again." }), [notify]),
  );
  const reload = () => load({ filter, offset });
  const turnTo = (next: number) => startTransition(() => load({ filter, offset: next }));
  usePlanProgress(plan, setPlan);
  const { select, selectShown } = useSelectOnListings(planId);

  function run<T>(action: () => Promise<ActionResult<T>>, then: (data: T) => void | Promise<void>) {
    startTransition(async () => {
      const result = await callAction(action);
      if (!result.ok)
        return notify(
          { tone: "error", text: result.formError, action: result.olderPage && <ReloadPageButton /> },
          { focus: true },
        );
      await then(result.data);
    });
  }
  const runThenSay = (action: () => Promise<ActionResult<unknown>>, text: string) =>
    run(action, async () => {
      notify({ tone: "info", text });
      await reload();
    });

  const take = (item: PlanItemView) => run(() => takeRowsAction({ planId, listingIds: [item.listingId] }), reload);
  const include = (item: PlanItemView | "all", included: boolean) =>
    run(() => includeRowsAction({ planId, listingIds: item === "all" ? "all" : [item.listingId], included }), reload);
  const retry = (item: PlanItemView | "all") =>
    run(
      () => retryRowsAction({ planId, listingIds: item === "all" ? "all" : [item.listingId] }),
      async ({ retried }) => {
        notify({ tone: "info", text: `Trying ${plural(retried, "listing")} again.` });
        await reload();
      },
    );
  // Only rows the marketplace kept failing: a listing changed elsewhere waits for the seller's own look, never a retry.
  const mayRetry = canEdit && !plan.undoneBy && plan.status !== "reviewing";
  return (
    <section aria-labelledby="plan-heading">
      <h1 id="plan-heading" className="mt-4 text-2xl font-semibold">
        {plan.description}
      </h1>
      <PlanStatus plan={plan} />
      <PlanActions
        plan={plan}
        reviewing={reviewing}
        mayRetry={mayRetry}
        mayUndo={plan.status === "applied" && canEdit && !plan.undoneBy && (plan.counts.outcomes.done ?? 0) > 0}
        busy={busy}
        onApply={() =>
          runThenSay(
            () => applyPlanAction({ planId, reserve: reserve.trim() === "" ? null : Number(reserve) }),
            "Applying the plan. You can close this page: it goes on.",
          )
        }
        onIncludeAll={(included) => include("all", included)}
        onDiscard={() => runThenSay(() => discardPlanAction({ planId }), "The plan is discarded: nothing was applied.")}
        onRetryAll={() => retry("all")}
        onPlanUndo={() =>
          run(
            () => planUndoAction({ planId }),
            (undo) => router.push(`/changes/${undo.planId}`),
          )
        }
      />
      {(plan.status === "applied" || plan.status === "discarded") && afterwards.length > 0 && (
        <nav aria-label="Go on" className="mt-3 flex flex-wrap gap-4">
          {afterwards.map(({ href, label }) => (
            <a
              key={href}
              href={href}
              className="min-h-11 content-center font-medium text-blue-800 underline md:min-h-9"
            >
              {label}
            </a>
          ))}
        </nav>
      )}
      {reviewing && <PlanDetails plan={plan} reserve={reserve} onReserve={setReserve} />}
      <PlanFilters
        filter={filter}
        counts={counts}
        busy={busy}
        onShow={(value) => startTransition(() => load({ filter: value, offset: 0 }))}
        onSelect={() => startTransition(() => selectShown(filter))}
      />
      {failing && (
        <p
          role="alert"
          className="mt-3 rounded-md bg-red-50 p-3 text-red-900 ring-1 ring-red-200"
          data-testid="plan-rows-failing"
        >
          These rows could not be loaded, and the dashboard tries again by itself.
        </p>
      )}
      <div
        ref={scroller}
        // Focusable: once applied, the rows hold no control, and a keyboard must still scroll them.
        tabIndex={0}
        role="region"
        aria-label="Listings in this change"
        className={`mt-3 h-[32rem] overflow-auto ${PANEL_CLASS}`}
        data-testid="plan-rows"
      >
        {plan.items.length === 0 ? (
          <p className="p-4 text-stone-600">No listing here.</p>
        ) : (
          plan.items.map((item) => (
            <PlanRow
              key={item.listingId}
              item={item}
              reviewing={reviewing && !busy}
              keptLabel={
                plan.undoOf
                  ? "Changed since the change wrote it, and left as it is:"
                  : "Changed since it was read for this change, and left as it is:"
              }
              onInclude={include}
              onTake={take}
              onRetry={mayRetry && !busy ? retry : undefined}
              onChangeAgain={(row) => select(row.state as ListingState, [row.listingId], 0)}
            />
          ))
        )}
      </div>
      {counts[filter] > PLAN_PAGE_ROWS && (
        <nav aria-label="Pages of listings" className="mt-2 flex flex-wrap items-center gap-2 text-sm">
          <Button compact disabled={busy || offset === 0} onClick={() => turnTo(Math.max(0, offset - PLAN_PAGE_ROWS))}>
            Previous {PLAN_PAGE_ROWS}
          </Button>
          <p data-testid="plan-rows-shown">
            Listings {offset + 1}–{Math.min(offset + PLAN_PAGE_ROWS, counts[filter])} of {counts[filter]}
          </p>
          <Button
            compact
            disabled={busy || offset + PLAN_PAGE_ROWS >= counts[filter]}
            onClick={() => turnTo(offset + PLAN_PAGE_ROWS)}
          >
            Next {PLAN_PAGE_ROWS}
          </Button>
        </nav>
      )}
    </section>
  );
}
