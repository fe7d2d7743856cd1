import { sameSnapshot, type Snapshot } from "../personalization/snapshot";
import type { HistoryEntry } from "./history-store";

/**
 * One version of what buyers were asked: the one a change left behind ("after"), or, for the oldest change listed,
 * the one it replaced ("before"). The history page and the restore action read versions the same way, so a button
 * puts back exactly what its row shows.
 */
export type VersionSide = "after" | "before";

export type Version = {
  entry: HistoryEntry;
  side: VersionSide;
  snapshot: Snapshot;
  /** The newest version that matches what the listing asks now; at most one is. */
  current: boolean;
  /** The change that led from the version before to this one, shown as before → after; null for the oldest version. */
  from: Snapshot | null;
};

/** What a change left on the listing: what it asked for, or, for entries kept before targets were, what the next change found. */
function afterOf(entries: HistoryEntry[], index: number, now: Snapshot): Snapshot {
  return entries[index]!.target ?? entries[index - 1]?.previous ?? now;
}

/** `entries` newest first (as historyStore.list gives them); the versions newest first, the one before every listed change last. */
export function versionsOf(entries: HistoryEntry[], now: Snapshot): Version[] {
  const versions: Version[] = entries.map((entry, index) => ({
    entry,
    side: "after",
    snapshot: afterOf(entries, index, now),
    current: false,
    from: entry.previous,
  }));
  const oldest = entries.at(-1);
  if (oldest) versions.push({ entry: oldest, side: "before", snapshot: oldest.previous, current: false, from: null });
  const currentOne = versions.find((version) => sameSnapshot(version.snapshot, now));
  if (currentOne) currentOne.current = true;
  return versions;
}

/** The snapshot a version names, as the restore action puts it back; undefined when the history has no such version. */
export function versionSnapshot(entries: HistoryEntry[], entryId: string, side: VersionSide, now: Snapshot) {
  const index = entries.findIndex((entry) => entry.id === entryId);
  if (index < 0) return undefined;
  return side === "before" ? entries[index]!.previous : afterOf(entries, index, now);
}
