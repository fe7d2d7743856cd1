import { statement, type Db } from "./store/db.js";

// What one space may hold, so that a runaway CI job fills its own space and not the process every space shares.
// The request log is bounded by keeping only its newest entries; everything else past its bound is refused.

export const SPACE_LIMITS = {
  sellers: 100,
  listings: 5_000,
  orders: 2_000,
  apps: 20,
  webhooks: 10,
  faults: 50,
  log_entries: 1_000,
};
export type SpaceLimits = typeof SPACE_LIMITS;

export type SpaceBound = Exclude<keyof SpaceLimits, "log_entries">;

type Holder = { readonly db: Db; readonly webhooks: { list(): unknown[] }; readonly faults: { pending(): unknown[] } };

const TABLES = { sellers: "users", listings: "listings", orders: "receipts", apps: "apps" } as const;

function held(holder: Holder, bound: SpaceBound): number {
  if (bound === "webhooks") return holder.webhooks.list().length;
  if (bound === "faults") return holder.faults.pending().length;
  return statement(holder.db, `SELECT COUNT(*) FROM ${TABLES[bound]}`).pluck().get() as number;
}

/** The sentence refusing `count` more of `bound`, or undefined when they fit. */
export function spaceRefusal(holder: Holder, limits: SpaceLimits, bound: SpaceBound, count: number) {
  const now = held(holder, bound);
  if (now + count <= limits[bound]) return undefined;
  const room = count > 1 ? `, no room for ${count.toLocaleString("en-US")} more` : "";
  return `This space holds at most ${limits[bound].toLocaleString("en-US")} ${bound} and has ${now.toLocaleString("en-US")}${room}. Reset the space (POST /__sandbox/reset under its base URL) or create another space for the rest.`;
}
