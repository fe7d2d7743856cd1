"use client";

import { useCallback, useEffect, useRef, useState, useTransition } from "react";
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
import { questionDiff } from "@/lib/personalization/question-diff";
import {
  PLAN_PAGE_ROWS,
  type PagedPlanView,
  type PlanFilter,
  type PlanItemView,
  type PlanProgress,
  type PlanView,
} from "@/lib/changes/plan-view";
import { useFeedback } from "../feedback/toast-context";
import { callAction } from "../feedback/call-action";
import { ReloadPageButton } from "../feedback/reload-page-button";
import { LocalTime } from "../local-time";
import { QuestionDiff } from "../personalization/question-diff";
import { keepSelection } from "../listings/use-selection";
import { usePlanPage } from "./use-plan-page";

const FILTERS: { value: PlanFilter; label: string }[] = [
  { value: "changes", label: "Changes" },
  { value: "all", label: "All" },
  { value: "failed", label: "Failed" },
  { value: "skipped", label: "Skipped" },
  { value: "conflicts", label: "Changed elsewhere" },
];

// Each state its own look, so a row still waiting never reads as one changed.
const OUTCOMES: Record<string, { label: string; style: string }> = {
  pending: { label: "Waiting", style: "bg-stone-100 text-stone-800 ring-1 ring-stone-400 ring-inset" },
  done: { label: "Changed", style: "bg-green-100 text-green-900" },
  "changed-elsewhere": { label: "Changed elsewhere: left as it is", style: "bg-amber-100 text-amber-900" },
  failed: { label: "Failed: not changed", style: "bg-red-100 text-red-900 font-medium" },
  "left-out": { label: "Left out", style: "bg-stone-100 text-stone-800" },
};

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

function duration(seconds: number) {
  if (seconds < 60) return plural(seconds, "second");
  const minutes = Math.ceil(seconds / 60);
  return minutes < 120 ? plural(minutes, "minute") : plural(Math.ceil(minutes / 60), "hour");
}

function CostLine({ plan }: { plan: PlanView }) {
  const { cost } = plan;
  const share =
    cost.shareOfToday === null
      ? "The marketplace has not said how much of today's quota is left."
      : cost.shareOfToday === Infinity || cost.shareOfToday > 1
        ? `That is more than the ${cost.remainingToday} requests left of today's quota: the apply will stop when the quota runs out.`
        : `That is ${(cost.shareOfToday * 100).toFixed(cost.shareOfToday < 0.01 ? 2 : 0)}% of the ${cost.remainingToday} requests left of today's quota.`;
  return (
    <p className="mt-2 text-sm text-stone-700" data-testid="plan-cost">
      Applying it costs {plural(cost.requests, "request")}, about {duration(cost.seconds)} at{" "}
      {plural(cost.perSecond, "request")} a second. {share}
    </p>
  );
}

function Row({
  item,
  reviewing,
  keptLabel,
  onInclude,
  onTake,
  onRetry,
  onChangeAgain,
}: {
  item: PlanItemView;
  reviewing: boolean;
  keptLabel: string;
  onInclude: (item: PlanItemView, included: boolean) => void;
  onTake: (item: PlanItemView) => void;
  onChangeAgain: (item: PlanItemView) => void;
  /** Given when the seller may try a row that was not changed again. */
  onRetry?: (item: PlanItemView) => void;
}) {
  const conflict = item.outcome === "changed-elsewhere";
  return (
    <article
      aria-label={item.title}
      data-testid="plan-row"
      data-listing-id={item.listingId}
      className={`border-b border-stone-200 p-3 ${item.status === "change" && !item.included ? "opacity-60" : ""}`}
    >
      <header className="flex flex-wrap items-center gap-2">
        {item.status === "change" && reviewing ? (
          <label className="flex items-center gap-2 font-medium">
            <input
              type="checkbox"
              checked={item.included}
              onChange={(event) => onInclude(item, event.target.checked)}
              className="size-4"
            />
            {item.title}
          </label>
        ) : (
          <span className="font-medium">{item.title}</span>
        )}
        <span className="text-xs text-stone-500">#{item.listingId}</span>
        <span className="rounded bg-stone-100 px-2 text-xs">
          {item.status === "change"
            ? item.included
              ? "Changes"
              : "Left out"
            : item.status === "skipped"
              ? "Skipped"
              : item.status === "changed-since"
                ? "Changed since: left as it is"
                : "Unchanged"}
        </span>
        {item.status === "changed-since" && reviewing && (
          <button
            type="button"
            onClick={() => onTake(item)}
            aria-label={`Take your cells for ${item.title}`}
            className="min-h-11 rounded-md px-3 text-sm font-medium ring-1 ring-stone-300 md:min-h-8"
          >
            Take your cells
          </button>
        )}
        {item.outcome && item.outcome !== "left-out" && (
          <span data-testid="plan-outcome" className={`rounded px-2 text-xs ${OUTCOMES[item.outcome]?.style ?? ""}`}>
            {OUTCOMES[item.outcome]?.label}
          </span>
        )}
        {item.outcome === "failed" && onRetry && (
          <button
            type="button"
            onClick={() => onRetry(item)}
            aria-label={`Try ${item.title} again`}
            className="min-h-11 rounded-md px-3 text-sm font-medium ring-1 ring-stone-300 md:min-h-8"
          >
            Try again
          </button>
        )}
        {conflict && (
          <button
            type="button"
            onClick={() => onChangeAgain(item)}
            aria-label={`Change ${item.title} again`}
            className="min-h-11 rounded-md px-3 text-sm font-medium ring-1 ring-stone-300 md:min-h-8"
          >
            Change it again
          </button>
        )}
      </header>
      {item.reason && <p className="mt-1 text-sm text-amber-900">{item.reason}</p>}
      {item.outcomeReason && <p className="mt-1 text-sm text-amber-900">{item.outcomeReason}</p>}
      {item.diff.length > 0 && <QuestionDiff changes={item.diff} />}
      {item.kept && item.kept.length > 0 && (
        <div className="mt-1 text-amber-900" data-testid="plan-kept">
          <p className="text-sm">{keptLabel}</p>
          <QuestionDiff changes={item.kept} label="Changed since, left as it is" />
        </div>
      )}
      {conflict && item.current && (
        <div className="mt-2" data-testid="plan-conflict">
          <p className="text-sm font-medium">Changed since you reviewed it, so it is kept as it is now:</p>
          <QuestionDiff changes={questionDiff(item.before, item.current)} label="Changed since you reviewed it" />
        </div>
      )}
    </article>
  );
}

/** How many listings the plan changes, in the tense of where it stands. */
function changeCount(plan: PlanView) {
  const { change, outcomes } = plan.counts;
  switch (plan.status) {
    case "applied":
      return `${plural(outcomes.done ?? 0, "listing")} changed`;
    case "applying":
    case "paused":
      return `${plural(change, "listing")} to change`;
    case "discarded":
      return `${plural(change, "listing")} would have changed`;
    default:
      return `${plural(change, "listing")} ${change === 1 ? "changes" : "change"}`;
  }
}

function Progress({ plan }: { plan: PlanView }) {
  const outcomes = plan.counts.outcomes;
  const done = outcomes.done ?? 0;
  const failed = outcomes.failed ?? 0;
  const elsewhere = outcomes["changed-elsewhere"] ?? 0;
  const left =
    elsewhere > 0
      ? ` ${plural(elsewhere, "listing")} changed elsewhere ${elsewhere === 1 ? "was" : "were"} left as ${elsewhere === 1 ? "it is" : "they are"}.`
      : "";
  if (plan.status === "applied" && failed > 0)
    return (
      <p
        role="alert"
        className="mt-2 rounded-md bg-red-50 p-3 font-medium text-red-900 ring-1 ring-red-200"
        data-testid="plan-progress"
      >
        Applied to {plural(done, "listing")}; {failed} failed. Show the failed {failed === 1 ? "one" : "ones"} to read
        why, then try {failed === 1 ? "it" : "them"} again.{left}
      </p>
    );
  if (plan.status === "applied")
    return (
      <p role="status" className="mt-2" data-testid="plan-progress">
        Applied to {plural(done, "listing")}.{left}
      </p>
    );
  return (
    <p role="status" className="mt-2" data-testid="plan-progress">
      {plan.status === "paused" ? "Paused. " : "Applying… "}
      {done} changed, {elsewhere} changed elsewhere and left as they are, {failed} failed
      {outcomes.pending ? `, ${outcomes.pending} waiting` : ""}.
    </p>
  );
}

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
  const items = plan.items;

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

  // Polls only what moved while the apply runs (counts and settled rows), so a plan of thousands stays light; a settled plan stops.
  const since = useRef(0);
  const poll = useCallback(async () => {
    const response = await fetch(`/api/changes/${planId}/progress?since=${since.current}`, { cache: "no-store" });
    if (!response.ok) return;
    const { at, items: settled, filterCounts, ...progress } = (await response.json()) as PlanProgress;
    since.current = at;
    const byId = new Map(settled.map((item) => [item.listingId, item]));
    setPlan((current) => ({
      ...current,
      ...progress,
      page: { ...current.page, counts: filterCounts },
      items:
        byId.size === 0
          ? current.items
          : current.items.map((item) => {
              const moved = byId.get(item.listingId);
              return moved ? { ...item, ...moved } : item;
            }),
    }));
  }, [planId]);
  useEffect(() => {
    if (plan.status !== "applying" && plan.status !== "paused") return;
    const timer = setInterval(() => void poll(), 1000);
    return () => clearInterval(timer);
  }, [plan.status, poll]);

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

  const take = (item: PlanItemView) =>
    run(() => takeRowsAction({ planId: plan.id, listingIds: [item.listingId] }), reload);

  const include = (item: PlanItemView | "all", included: boolean) =>
    run(
      () => includeRowsAction({ planId: plan.id, listingIds: item === "all" ? "all" : [item.listingId], included }),
      reload,
    );

  const retry = (item: PlanItemView | "all") =>
    run(
      () => retryRowsAction({ planId: plan.id, listingIds: item === "all" ? "all" : [item.listingId] }),
      async ({ retried }) => {
        notify({ tone: "info", text: `Trying ${plural(retried, "listing")} again.` });
        await reload();
      },
    );
  // The listings page keeps its selection in this tab's storage: these listings arrive ticked, ready for a change.
  const select = (state: ListingState, listingIds: number[], elsewhere: number) => {
    keepSelection(state, listingIds);
    if (elsewhere > 0)
      notify({
        tone: "info",
        text: `${plural(elsewhere, "other listing")} of these ${elsewhere === 1 ? "is" : "are"} in another state: select ${elsewhere === 1 ? "it" : "them"} from that tab.`,
      });
    router.push(`/listings?state=${state}`);
  };
  const selectOnListingsPage = async (of: PlanFilter) => {
    const response = await fetch(`/api/changes/${planId}/listings?filter=${of}`, { cache: "no-store" });
    if (!response.ok) return notify({ tone: "error", text: "These listings could not be loaded. Try again." });
    const chosen = (await response.json()) as { state: ListingState; listingIds: number[]; elsewhere: number };
    select(chosen.state, chosen.listingIds, chosen.elsewhere);
  };
  const outcomes = plan.counts.outcomes;
  const losses = plan.losses;
  // Only rows the marketplace kept failing: a listing changed elsewhere waits for the seller's own look, never a retry.
  const mayRetry = canEdit && !plan.undoneBy && plan.status !== "reviewing";
  return (
    <section aria-labelledby="plan-heading">
      <h1 id="plan-heading" className="mt-4 text-2xl font-semibold">
        {plan.description}
      </h1>
      {losses && (
        <p className="mt-2 rounded-md bg-amber-50 p-3 font-medium ring-1 ring-amber-200" data-testid="plan-losses">
          {losses} Each listing below shows {plan.undoOf ? "what the undo writes" : "what it loses"}.
        </p>
      )}
      {plan.status === "discarded" && (
        <p
          role="status"
          className="mt-2 rounded-md bg-stone-100 p-3 font-medium ring-1 ring-stone-300"
          data-testid="plan-discarded"
        >
          Discarded: nothing of this plan was applied. To make this change, plan it again from your listings.
        </p>
      )}
      <p className="mt-2" data-testid="plan-summary">
        {changeCount(plan)}, {plural(plan.counts.skipped, "listing")} skipped, {plan.counts.unchanged} already as asked.
        {plan.counts["changed-since"] > 0 &&
          ` ${plural(plan.counts["changed-since"], "listing")} changed since your file or grid, left as ${plan.counts["changed-since"] === 1 ? "it is" : "they are"}.`}
        {plan.status === "reviewing" &&
          plan.counts.included !== plan.counts.change &&
          ` ${plan.counts.included} of the changes will be applied.`}
      </p>
      {plan.waitingUntil !== null && (
        <p role="status" className="mt-2 rounded-md bg-amber-50 p-3 ring-1 ring-amber-200" data-testid="plan-waiting">
          {plan.statusReason} It goes on by itself at <LocalTime at={plan.waitingUntil} />.
        </p>
      )}
      {plan.status === "paused" && (
        <p role="alert" className="mt-2 rounded-md bg-amber-50 p-3 ring-1 ring-amber-200" data-testid="plan-paused">
          {plan.statusReason}
        </p>
      )}
      {plan.status !== "reviewing" && plan.status !== "discarded" && <Progress plan={plan} />}
      <div className="mt-4 flex flex-wrap gap-2">
        {reviewing && (
          <>
            <button
              type="button"
              disabled={busy || plan.counts.included === 0}
              onClick={() =>
                run(
                  () => applyPlanAction({ planId: plan.id, reserve: reserve.trim() === "" ? null : Number(reserve) }),
                  async () => {
                    notify({ tone: "info", text: "Applying the plan. You can close this page: it goes on." });
                    await reload();
                  },
                )
              }
              className="min-h-11 rounded-md bg-brand px-4 font-medium text-white hover:bg-brand-dark disabled:opacity-50 md:min-h-9"
            >
              Apply {plural(plan.counts.included, "change")}
            </button>
            <button
              type="button"
              disabled={busy}
              onClick={() => include("all", true)}
              className="min-h-11 rounded-md px-3 text-sm ring-1 ring-stone-300 md:min-h-9"
            >
              Include every change
            </button>
            <button
              type="button"
              disabled={busy}
              onClick={() => include("all", false)}
              className="min-h-11 rounded-md px-3 text-sm ring-1 ring-stone-300 md:min-h-9"
            >
              Leave every change out
            </button>
            <button
              type="button"
              disabled={busy}
              onClick={() =>
                run(
                  () => discardPlanAction({ planId: plan.id }),
                  async () => {
                    notify({ tone: "info", text: "The plan is discarded: nothing was applied." });
                    await reload();
                  },
                )
              }
              className="min-h-11 rounded-md px-3 text-sm font-medium text-red-800 ring-1 ring-red-300 md:min-h-9"
            >
              Discard
            </button>
          </>
        )}
        {mayRetry && (outcomes.failed ?? 0) > 1 && (
          <button
            type="button"
            disabled={busy}
            onClick={() => retry("all")}
            className="min-h-11 rounded-md px-3 font-medium ring-1 ring-stone-300 md:min-h-9"
          >
            Try the {outcomes.failed} failed again
          </button>
        )}
        {plan.status === "applied" && canEdit && !plan.undoneBy && (outcomes.done ?? 0) > 0 && (
          <button
            type="button"
            disabled={busy}
            onClick={() =>
              run(
                () => planUndoAction({ planId: plan.id }),
                ({ planId }) => router.push(`/changes/${planId}`),
              )
            }
            className="min-h-11 rounded-md px-3 font-medium ring-1 ring-stone-300 md:min-h-9"
          >
            Plan the undo…
          </button>
        )}
        {plan.undoOf && (
          <a href={`/changes/${plan.undoOf}`} className="min-h-11 content-center text-blue-800 underline md:min-h-9">
            See the change this undoes
          </a>
        )}
        {plan.undoneBy && (
          <a href={`/changes/${plan.undoneBy}`} className="min-h-11 content-center text-blue-800 underline md:min-h-9">
            See its undo
          </a>
        )}
      </div>
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
      {reviewing && (
        <details className="mt-3 text-sm" data-testid="plan-details">
          <summary className="min-h-11 cursor-pointer content-center font-medium md:min-h-8">Details</summary>
          <CostLine plan={plan} />
          <label className="mt-2 flex items-center gap-2">
            Keep in reserve
            <input
              type="number"
              min={0}
              inputMode="numeric"
              value={reserve}
              onChange={(event) => setReserve(event.target.value)}
              placeholder="0"
              className="w-28 rounded-md px-2 py-1 ring-1 ring-stone-300"
            />
            of today&apos;s requests
          </label>
        </details>
      )}
      <div role="radiogroup" aria-label="Show" className="mt-4 flex flex-wrap gap-2">
        {FILTERS.filter(({ value }) => value !== "failed" || counts.failed > 0 || filter === "failed").map(
          ({ value, label }) => (
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={filter === value}
              onClick={() => startTransition(() => load({ filter: value, offset: 0 }))}
              className={`min-h-11 rounded-full px-3 text-sm ring-1 md:min-h-8 ${filter === value ? "bg-stone-800 text-white ring-stone-800" : "ring-stone-300"}`}
            >
              {label} ({counts[value]})
            </button>
          ),
        )}
        {counts[filter] > 0 && (
          <button
            type="button"
            disabled={busy}
            onClick={() => startTransition(() => selectOnListingsPage(filter))}
            className="min-h-11 rounded-md px-3 text-sm font-medium text-blue-800 underline md:min-h-8"
          >
            Select {counts[filter] === 1 ? "this listing" : `these ${counts[filter]} listings`}
          </button>
        )}
      </div>
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
        className="mt-3 h-[32rem] overflow-auto rounded-lg bg-white ring-1 ring-stone-200"
        data-testid="plan-rows"
      >
        {items.length === 0 ? (
          <p className="p-4 text-stone-600">No listing here.</p>
        ) : (
          items.map((item) => (
            <Row
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
          <button
            type="button"
            disabled={busy || offset === 0}
            onClick={() => startTransition(() => load({ filter, offset: Math.max(0, offset - PLAN_PAGE_ROWS) }))}
            className="min-h-11 rounded-md px-3 ring-1 ring-stone-300 disabled:opacity-50 md:min-h-9"
          >
            Previous {PLAN_PAGE_ROWS}
          </button>
          <p data-testid="plan-rows-shown">
            Listings {offset + 1}–{Math.min(offset + PLAN_PAGE_ROWS, counts[filter])} of {counts[filter]}
          </p>
          <button
            type="button"
            disabled={busy || offset + PLAN_PAGE_ROWS >= counts[filter]}
            onClick={() => startTransition(() => load({ filter, offset: offset + PLAN_PAGE_ROWS }))}
            className="min-h-11 rounded-md px-3 ring-1 ring-stone-300 disabled:opacity-50 md:min-h-9"
          >
            Next {PLAN_PAGE_ROWS}
          </button>
        </nav>
      )}
    </section>
  );
}
