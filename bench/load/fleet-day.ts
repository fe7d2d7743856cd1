// A seller's day on one app key, computed from what each activity was measured to cost in marketplace requests.
// The day itself is not replayed: the bench measures each activity's cost on the real dashboard and sandbox, and the
// save's latency at a busy hour's rate, and this file says how many sellers the two quotas leave room for.

/** What a busy seller does in a day; interactive work falls in 8 working hours, the busiest carrying twice their mean. */
export const SELLER_DAY = {
  listingViews: 60,
  editorViews: 20,
  saves: 20,
  orderViews: 10,
  /** Paid orders, each announced by a webhook when they are on. */
  orders: 10,
  /** Listings changed outside the dashboard (the marketplace's own pages, another tool). */
  outsideChanges: 10,
  /** One change a day over this many listings (a plan reviewed, then applied by the runner). */
  bulkListings: 50,
  workingHours: 8,
  busiestHourFactor: 2,
};

export const TIERS = [
  { name: "default", perSecond: 10, perDay: 10_000 },
  { name: "upgraded", perSecond: 150, perDay: 100_000 },
] as const;

export type Tier = (typeof TIERS)[number];

/** "Fresh": a change made outside the dashboard is in its mirror (the inbox, the health check) within this. */
export const FRESH_WITHIN_S = 15 * 60;
export const SAVE_P99_LIMIT_MS = 500;

/** Marketplace requests each activity was measured to cost, per seller (averages over the sample). */
export type ActivityCosts = {
  listingView: number;
  editorView: number;
  save: number;
  orderView: number;
  /** Requests the dashboard made after one paid order (its webhook, when on), before anyone looked. */
  order: number;
  /** Requests until an outside change was in the mirror (a webhook's read, or none beyond the polls). */
  outsideChange: number;
  /** One poll of one shop's recent listings (polling only). */
  pollRound: number;
  /** The daily bulk change: its plan's reads and the runner's writes and re-reads. */
  bulkChange: number;
};

/** The requests of one seller's day, interactive (in working hours) and around the clock (polls, webhooks' reads). */
export function sellerDay(costs: ActivityCosts, pollSeconds: number | null) {
  const day = SELLER_DAY;
  const interactive =
    day.listingViews * costs.listingView +
    day.editorViews * costs.editorView +
    day.saves * costs.save +
    day.orderViews * costs.orderView +
    costs.bulkChange;
  const allDay =
    day.orders * costs.order +
    day.outsideChanges * costs.outsideChange +
    (pollSeconds === null ? 0 : (86_400 / pollSeconds) * costs.pollRound);
  return { interactive, allDay, total: interactive + allDay };
}

/** Requests a second that one seller adds in the busiest hour. */
export function busiestHourPerSecond(day: { interactive: number; allDay: number }) {
  const interactive = (day.interactive * SELLER_DAY.busiestHourFactor) / SELLER_DAY.workingHours / 3600;
  return interactive + day.allDay / 86_400;
}

/** Sellers the day quota allows: the whole day's requests of each fit within it. */
export const sellersByDayQuota = (tier: Tier, perSellerDay: number) => Math.floor(tier.perDay / perSellerDay);
