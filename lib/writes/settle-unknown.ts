import "server-only";
import type { Seller } from "../marketplace/wire";
import type { Marketplace } from "../marketplace/client";
import { sameSnapshot, snapshotOf, type Snapshot } from "../personalization/snapshot";
import type { HistoryEntry, HistoryStore } from "../history/history-store";
import { PENDING_GRACE_MS } from "../history/write-claim";

export const SETTLE_AFTER_MS = 60_000;

export async function settleUnknown(
  history: HistoryStore,
  marketplace: Marketplace,
  changer: Seller,
  listingId: number,
  { now = Date.now() }: { now?: number } = {},
): Promise<HistoryEntry[]> {
  const entries = await history.list(changer.shopId, listingId);
  const open = (entry: HistoryEntry) =>
    entry.outcome === "unknown" || (entry.outcome === "pending" && now - entry.recordedAt > PENDING_GRACE_MS);
  if (!entries.some(open)) return entries;

  let current: Snapshot | null | undefined;
  const listingNow = async () => {
    if (current === undefined) {
      const read = await marketplace.getListing(changer.userId, listingId);
      current = read.ok ? snapshotOf(read.data) : null;
    }
    return current;
  };
  for (const [index, entry] of entries.entries()) {
    if (!open(entry) || !entry.target) continue;
    const after = index > 0 ? entries[index - 1]!.previous : await listingNow();
    if (after === null) continue;
    if (sameSnapshot(after, entry.target)) await history.settle(entry.id, "done");
    else if (now - entry.recordedAt > SETTLE_AFTER_MS) await history.forget(entry.id);
  }
  return history.list(changer.shopId, listingId);
}
