import { describe, expect, it } from "vitest";
import { quotaWatch } from "./quota-warning";

const HOUR = 3_600_000;
const MORNING = Date.parse("2026-11-28T09:00:00Z");

function watched(start = MORNING) {
  let now = start;
  const warnings: Record<string, unknown>[] = [];
  const watch = quotaWatch({ now: () => now, warn: (line) => void warnings.push(line) });
  return {
    watch,
    warnings,
    at: (time: number) => (now = time),
    spend: (spent: number, limit = 10_000) => watch.observe({ limit, remaining: limit - spent }),
  };
}

describe("the warning past 80% of the app's day quota", () => {
  it("says nothing at 79% and warns once at 80%, and not again that day however much more is spent", () => {
    const { spend, at, warnings, watch } = watched();
    spend(7_900);
    expect(warnings).toEqual([]);
    expect(watch.status()).toMatchObject({ spent: 7_900, limit: 10_000, warning: null });

    at(MORNING + 60_000);
    spend(8_000);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ msg: "marketplace quota past 80%", spent: 8_000, limit: 10_000 });
    expect(watch.status()?.warning).toMatch(
      /spent 8,000 of its 10,000 marketplace requests of the last 24 hours \(80%\)/,
    );

    at(MORNING + 2 * HOUR);
    spend(9_500);
    at(MORNING + 14 * HOUR);
    spend(9_900);
    expect(warnings).toHaveLength(1);
  });

  it("warns again on the next day when the spend is still past 80%", () => {
    const { spend, at, warnings } = watched(Date.parse("2026-11-28T23:30:00Z"));
    spend(8_500);
    at(Date.parse("2026-11-29T00:30:00Z"));
    spend(8_600);
    expect(warnings).toHaveLength(2);
  });

  it("projects the hour the quota runs out at the pace of the last hour", () => {
    const { spend, at, warnings, watch } = watched();
    spend(7_000);
    // 1,000 requests in half an hour: 2,000 an hour, so the 2,000 left last one more hour.
    at(MORNING + HOUR / 2);
    spend(8_000);
    const runsOutAt = MORNING + HOUR / 2 + HOUR;
    expect(watch.status()?.runsOutAt).toBe(runsOutAt);
    expect(warnings[0]).toMatchObject({ runsOutAt: new Date(runsOutAt).toISOString() });
    expect(watch.status()?.warning).toMatch(/at the pace of the last hour it runs out at about 10:00 UTC\.$/);
  });

  it("forgets readings older than an hour, so a morning's rush does not set the evening's pace", () => {
    const { spend, at, watch } = watched();
    spend(1_000);
    at(MORNING + 10 * HOUR);
    spend(8_000);
    expect(watch.status()?.runsOutAt).toBeNull();
    expect(watch.status()?.warning).toMatch(/its pace is not known yet\.$/);
    at(MORNING + 10 * HOUR + 30 * 60_000);
    spend(8_100);
    // 100 in half an hour: the 1,900 left last 9.5 hours, into the next day.
    expect(watch.status()?.runsOutAt).toBe(MORNING + 20 * HOUR);
    expect(watch.status()?.warning).toMatch(/runs out at about 05:00 UTC on 2026-11-29\.$/);
  });

  it("says the quota does not run out when the rolling day frees requests faster than they are spent", () => {
    const { spend, at, watch } = watched();
    spend(9_000);
    at(MORNING + HOUR / 2);
    spend(8_800);
    expect(watch.status()).toMatchObject({ runsOutAt: null });
    expect(watch.status()?.warning).toMatch(/at the pace of the last hour it does not run out\.$/);
  });
});
