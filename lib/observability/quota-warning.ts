// Not `server-only`, like marketplace-call.ts, which feeds it from every bundle.
import { logger } from "./logger";
import { wholeNumber } from "../whole-number";

/** docs/marketplace.md §12: the share of the app's rolling day quota past which the operator is warned. */
export const QUOTA_WARNING_SHARE = 0.8;
const PACE_WINDOW_MS = 60 * 60_000;

export type QuotaStatus = {
  /** Requests of the last 24 hours and the limit, as the marketplace's latest answer counted them for the whole app. */
  spent: number;
  limit: number;
  share: number;
  /** When `remaining` reaches 0 at the pace of the last hour (ms since 1970); null when it is not shrinking. */
  runsOutAt: number | null;
  warning: string | null;
  seenAt: number;
};

type Reading = { at: number; remaining: number };

const hourOf = (at: number) => `${new Date(at).toISOString().slice(11, 13)}:00 UTC`;
const dayOf = (at: number) => new Date(at).toISOString().slice(0, 10);

export function warningSentence(
  status: Pick<QuotaStatus, "spent" | "limit" | "share" | "runsOutAt" | "seenAt"> & { paceKnown: boolean },
) {
  const spent = `The app has spent ${wholeNumber(status.spent)} of its ${wholeNumber(status.limit)} marketplace requests of the last 24 hours (${Math.floor(status.share * 100)}%)`;
  if (status.runsOutAt === null && !status.paceKnown) return `${spent}; its pace is not known yet.`;
  if (status.runsOutAt === null) return `${spent}; at the pace of the last hour it does not run out.`;
  const sameDay = dayOf(status.runsOutAt) === dayOf(status.seenAt);
  return `${spent}; at the pace of the last hour it runs out at about ${hourOf(status.runsOutAt)}${sameDay ? "" : ` on ${dayOf(status.runsOutAt)}`}.`;
}

/**
 * The app's day quota as the marketplace's answers tell it (`x-limit-per-day`, `x-remaining-today`: the whole app's
 * count, every instance's requests in it). Past 80% it warns once per UTC day on this clock, with the hour the quota
 * runs out at the pace of the last hour's readings.
 */
export function quotaWatch(options: { now?: () => number; warn?: (line: Record<string, unknown>) => void } = {}) {
  const now = options.now ?? Date.now;
  const warn = options.warn ?? ((line) => logger().warn(line));
  let readings: Reading[] = [];
  let latest: { spent: number; limit: number; at: number } | undefined;
  let warnedOn: string | undefined;

  const status = (): QuotaStatus | null => {
    if (!latest) return null;
    const first = readings[0];
    const last = readings.at(-1);
    const paceKnown = Boolean(first && last && last.at > first.at);
    const perMs = paceKnown ? (first!.remaining - last!.remaining) / (last!.at - first!.at) : 0;
    const remaining = latest.limit - latest.spent;
    const runsOutAt = remaining <= 0 ? latest.at : perMs > 0 ? Math.round(latest.at + remaining / perMs) : null;
    const { spent, limit, at: seenAt } = latest;
    const share = spent / limit;
    const warning =
      share >= QUOTA_WARNING_SHARE ? warningSentence({ spent, limit, share, runsOutAt, seenAt, paceKnown }) : null;
    return { spent, limit, share, runsOutAt, seenAt, warning };
  };

  return {
    observe(reading: { limit: number; remaining: number }) {
      if (!(reading.limit > 0) || !Number.isFinite(reading.remaining)) return;
      const at = now();
      latest = { spent: Math.max(0, reading.limit - reading.remaining), limit: reading.limit, at };
      // The window's first reading and the last of each minute are enough for the pace, and keep the list short.
      readings = readings.filter((kept) => kept.at > at - PACE_WINDOW_MS);
      const previous = readings.at(-1);
      if (readings.length > 1 && previous && Math.floor(previous.at / 60_000) === Math.floor(at / 60_000))
        readings.pop();
      readings.push({ at, remaining: reading.remaining });
      const current = status();
      if (current?.warning && warnedOn !== dayOf(at)) {
        warnedOn = dayOf(at);
        warn({
          msg: "marketplace quota past 80%",
          spent: current.spent,
          limit: current.limit,
          runsOutAt: current.runsOutAt === null ? null : new Date(current.runsOutAt).toISOString(),
          warning: current.warning,
        });
      }
    },
    status,
  };
}

export type QuotaWatch = ReturnType<typeof quotaWatch>;

const globalForQuota = globalThis as unknown as { marketplaceQuota?: QuotaWatch };

/** This process's watch: route handlers, pages, actions and the change runner share it. */
export function appQuota(): QuotaWatch {
  globalForQuota.marketplaceQuota ??= quotaWatch();
  return globalForQuota.marketplaceQuota;
}
