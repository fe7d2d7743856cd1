// A seller's day on one app key, computed from what each activity was measured to cost in marketplace requests.
// The day itself is not replayed: the bench measures each activity's cost on the real dashboard and sandbox, and the
// save's latency at a busy hour's rate, and this file says how many sellers the two quotas leave room for.

/**
 * What a busy seller does in a day; interactive work falls in 8 working hours (a signed-in request every few minutes,
 * so the shop is active all through them and idle the rest), the busiest carrying twice their mean. Paid orders come
 * around the clock; one that comes in working hours brings the seller to the Orders page on its notice.
 */
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
/** MIRROR_IDLE_POLL_SECONDS' default: how long a shop stays active after a signed-in request, and an idle shop's poll. */
export const IDLE_POLL_S = 15 * 60;
export const SAVE_P99_LIMIT_MS = 500;

/** What a seller's views cost where no webhook comes (polling): the kept copy may be a poll period old. */
export type PolledViewCosts = { listingView: number; editorView: number; orderView: number };

/** Marketplace requests each activity was measured to cost, per seller (averages over the sample). */
export type ActivityCosts = {
  listingView: number;
  editorView: number;
  save: number;
  /** The Orders page a paid order's notice brings, after its webhook's read. */
  orderViewAfterSale: number;
  /** Any other view of the Orders page. */
  orderView: number;
  /** Requests the dashboard made after one paid order (its webhook, when on), before anyone looked. */
  order: number;
  /** Requests until an outside change was in the mirror (a webhook's read, or none beyond the polls). */
  outsideChange: number;
  /** A poll of an active shop when only its active listings are read, and one that reads every state. */
  pollQuiet: number;
  pollEveryState: number;
  polledViews: PolledViewCosts;
  /** The daily bulk change: its plan's reads and the runner's writes and re-reads. */
  bulkChange: number;
};

/** Orders views that follow a paid order's notice: the paid orders of the working hours, at most one view each. */
export const ordersViewsAfterSale = () =>
  Math.min(SELLER_DAY.orderViews, (SELLER_DAY.orders * SELLER_DAY.workingHours) / 24);

/**
 * A day of polls at `pollSeconds`: active through the working hours and IDLE_POLL_S after, each poll the quiet one but
 * every IDLE_POLL_S, which reads every state; idle the rest, one poll of every state each IDLE_POLL_S.
 */
export function pollsOfDay(costs: Pick<ActivityCosts, "pollQuiet" | "pollEveryState">, pollSeconds: number) {
  const activeS = SELLER_DAY.workingHours * 3600 + IDLE_POLL_S;
  if (pollSeconds >= IDLE_POLL_S) return (86_400 / pollSeconds) * costs.pollEveryState;
  const active =
    (activeS / pollSeconds) * costs.pollQuiet + (activeS / IDLE_POLL_S) * (costs.pollEveryState - costs.pollQuiet);
  return active + ((86_400 - activeS) / IDLE_POLL_S) * costs.pollEveryState;
}

/** The requests of one seller's day, interactive (in working hours) and around the clock (polls, webhooks' reads). */
export function sellerDay(costs: ActivityCosts, pollSeconds: number | null) {
  const day = SELLER_DAY;
  const common = day.saves * costs.save + costs.bulkChange;
  if (pollSeconds !== null) {
    // No event comes: views read what may have changed since the last poll, and the polls find the rest.
    const views = costs.polledViews;
    const interactive =
      common +
      day.listingViews * views.listingView +
      day.editorViews * views.editorView +
      day.orderViews * views.orderView;
    const allDay = pollsOfDay(costs, pollSeconds);
    return { interactive, allDay, total: interactive + allDay };
  }
  const afterSale = ordersViewsAfterSale();
  const interactive =
    common +
    day.listingViews * costs.listingView +
    day.editorViews * costs.editorView +
    afterSale * costs.orderViewAfterSale +
    (day.orderViews - afterSale) * costs.orderView;
  const allDay = day.orders * costs.order + day.outsideChanges * costs.outsideChange;
  return { interactive, allDay, total: interactive + allDay };
}

/** Requests a second that one seller adds in the busiest hour. */
export function busiestHourPerSecond(day: { interactive: number; allDay: number }) {
  const interactive = (day.interactive * SELLER_DAY.busiestHourFactor) / SELLER_DAY.workingHours / 3600;
  return interactive + day.allDay / 86_400;
}

/** Sellers the day quota allows: the whole day's requests of each fit within it. */
export const sellersByDayQuota = (tier: Tier, perSellerDay: number) => Math.floor(tier.perDay / perSellerDay);
