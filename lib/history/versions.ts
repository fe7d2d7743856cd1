import { sameSnapshot, type Snapshot } from "../personalization/snapshot";
import type { HistoryEntry } from "./history-store";

export type VersionSide = "after" | "before";

export type Version = {
  entry: HistoryEntry;
  side: VersionSide;
  snapshot: Snapshot;
  current: boolean;
  from: Snapshot | null;
};

function afterOf(entries: HistoryEntry[], index: number, now: Snapshot): Snapshot {
  return entries[index]!.target ?? entries[index - 1]?.previous ?? now;
}

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

export function versionSnapshot(entries: HistoryEntry[], entryId: string, side: VersionSide, now: Snapshot) {
  const index = entries.findIndex((entry) => entry.id === entryId);
  if (index < 0) return undefined;
  return side === "before" ? entries[index]!.previous : afterOf(entries, index, now);
}
