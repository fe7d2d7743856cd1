import type { PagedPlanView, PlanView } from "@/lib/changes/plan-view";
import { LocalTime } from "../local-time";
import { changeCount, plural } from "./plan-words";

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

/** Where the plan stands: what it loses, how many listings it changes and skips, and once started its progress. */
export function PlanStatus({ plan }: { plan: PagedPlanView }) {
  const { counts, losses } = plan;
  return (
    <>
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
        {changeCount(plan)}, {plural(counts.skipped, "listing")} skipped, {counts.unchanged} already as asked.
        {counts["changed-since"] > 0 &&
          ` ${plural(counts["changed-since"], "listing")} changed since your file or grid, left as ${counts["changed-since"] === 1 ? "it is" : "they are"}.`}
        {plan.status === "reviewing" &&
          counts.included !== counts.change &&
          ` ${counts.included} of the changes will be applied.`}
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
    </>
  );
}
