import { describe, expect, it } from "vitest";
import { NO_PERSONALIZATION } from "../personalization/snapshot";
import { snapshotOfForm } from "../personalization/snapshot-codec";
import type { HistoryEntry } from "./history-store";
import { versionSnapshot, versionsOf } from "./versions";

const GIFT = snapshotOfForm({ instructions: "Gift note", maxAllowedCharacters: 200, required: false });
const ENGRAVE = snapshotOfForm({ instructions: "Name to engrave", maxAllowedCharacters: 20, required: true });

let serial = 0;
const entry = (previous: HistoryEntry["previous"], target: HistoryEntry["target"]): HistoryEntry => ({
  id: `00000000-0000-4000-8000-00000000000${serial++}`,
  listingId: 1,
  action: "save",
  planId: null,
  previous,
  target,
  outcome: "done",
  recordedAt: 1_700_000_000_000 + serial,
});

describe("history versions", () => {
  it("lists what each change left, then what the oldest one replaced, marking only the newest match of now", () => {
    // none → gift → engrave → none (restore), newest first
    const entries = [entry(ENGRAVE, NO_PERSONALIZATION), entry(GIFT, ENGRAVE), entry(NO_PERSONALIZATION, GIFT)];
    const versions = versionsOf(entries, NO_PERSONALIZATION);
    expect(versions.map((version) => [version.side, version.snapshot, version.current])).toEqual([
      ["after", NO_PERSONALIZATION, true],
      ["after", ENGRAVE, false],
      ["after", GIFT, false],
      ["before", NO_PERSONALIZATION, false],
    ]);
    expect(versions.filter((version) => version.current)).toHaveLength(1);
  });

  it("reads a change without a recorded target as what the next change found", () => {
    const entries = [entry(ENGRAVE, null), entry(NO_PERSONALIZATION, null)];
    expect(versionsOf(entries, GIFT).map((version) => version.snapshot)).toEqual([GIFT, ENGRAVE, NO_PERSONALIZATION]);
  });

  it("gives the restore exactly the snapshot its row shows", () => {
    const entries = [entry(GIFT, ENGRAVE), entry(NO_PERSONALIZATION, GIFT)];
    for (const version of versionsOf(entries, ENGRAVE))
      expect(versionSnapshot(entries, version.entry.id, version.side, ENGRAVE)).toEqual(version.snapshot);
    expect(versionSnapshot(entries, "00000000-0000-4000-8000-999999999999", "after", ENGRAVE)).toBeUndefined();
  });
});
