import type { PlanView } from "@/lib/changes/plan-view";

export const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

export function duration(seconds: number) {
  if (seconds < 60) return plural(seconds, "second");
  const minutes = Math.ceil(seconds / 60);
  return minutes < 120 ? plural(minutes, "minute") : plural(Math.ceil(minutes / 60), "hour");
}

/** How many listings the plan changes, in the tense of where it stands. */
export function changeCount(plan: PlanView) {
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
