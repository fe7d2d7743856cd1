import type { PlanView } from "@/lib/changes/plan-view";
import { duration, plural } from "./plan-words";

/** Folded under the review: what the apply costs of today's quota, and how many requests to keep in reserve. */
export function PlanDetails({
  plan,
  reserve,
  onReserve,
}: {
  plan: PlanView;
  reserve: string;
  onReserve: (reserve: string) => void;
}) {
  const { cost } = plan;
  const share =
    cost.shareOfToday === null
      ? "The marketplace has not said how much of today's quota is left."
      : cost.shareOfToday === Infinity || cost.shareOfToday > 1
        ? `That is more than the ${cost.remainingToday} requests left of today's quota: the apply will stop when the quota runs out.`
        : `That is ${(cost.shareOfToday * 100).toFixed(cost.shareOfToday < 0.01 ? 2 : 0)}% of the ${cost.remainingToday} requests left of today's quota.`;
  return (
    <details className="mt-3 text-sm" data-testid="plan-details">
      <summary className="min-h-11 cursor-pointer content-center font-medium md:min-h-8">Details</summary>
      <p className="mt-2 text-sm text-stone-700" data-testid="plan-cost">
        Applying it costs {plural(cost.requests, "request")}, about {duration(cost.seconds)} at{" "}
        {plural(cost.perSecond, "request")} a second. {share}
      </p>
      <label className="mt-2 flex items-center gap-2">
        Keep in reserve
        <input
          type="number"
          min={0}
          inputMode="numeric"
          value={reserve}
          onChange={(event) => onReserve(event.target.value)}
          placeholder="0"
          className="w-28 rounded-md px-2 py-1 ring-1 ring-stone-300"
        />
        of today&apos;s requests
      </label>
    </details>
  );
}
