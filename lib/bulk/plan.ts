import type { Listing } from "../marketplace/wire";
import type { PersonalizationPhase } from "../marketplace/personalization-phase";
import {
  alignWith,
  describeSnapshot,
  representable,
  sameSnapshot,
  snapshotOf,
  unrepresentableReason,
  type Snapshot,
} from "../personalization/snapshot";

export const SET_NEEDS_MULTI_PHASE =
  "The marketplace accepts several questions, or this kind of question, only in its multi-question period, and it is not in that period now, so this listing was left as it is.";

export type Plan = { outcome: "change" } | { outcome: "unchanged" } | { outcome: "skipped"; reason: string };

export function planFor(
  listing: Pick<Listing, "questions" | "legacyDisagrees">,
  target: Snapshot,
  phase: PersonalizationPhase = "single",
): Plan {
  const current = snapshotOf(listing);
  if (phase === "single" && !representable(current))
    return { outcome: "skipped", reason: unrepresentableReason(current) };
  if (phase === "single" && !representable(target)) return { outcome: "skipped", reason: SET_NEEDS_MULTI_PHASE };
  return sameSnapshot(current, target) && !listing.legacyDisagrees ? { outcome: "unchanged" } : { outcome: "change" };
}

export type PreviewSample = { listingId: number; title: string; before: string; after: string };

export type BulkPreview = {
  listingIds: number[];
  change: number;
  unchanged: number;
  skipped: number;
  sample: PreviewSample[];
  skippedSample: { listingId: number; title: string; reason: string }[];
};

const SAMPLE_SIZE = 3;

export function previewOf(listings: Listing[], target: Snapshot, phase: PersonalizationPhase = "single"): BulkPreview {
  const preview: BulkPreview = {
    listingIds: listings.map((listing) => listing.id),
    change: 0,
    unchanged: 0,
    skipped: 0,
    sample: [],
    skippedSample: [],
  };
  for (const listing of listings) {
    const plan = planFor(listing, target, phase);
    if (plan.outcome === "skipped") {
      preview.skipped += 1;
      if (preview.skippedSample.length < SAMPLE_SIZE)
        preview.skippedSample.push({ listingId: listing.id, title: listing.title, reason: plan.reason });
    }
    if (plan.outcome === "unchanged") preview.unchanged += 1;
    if (plan.outcome !== "change") continue;
    preview.change += 1;
    if (preview.sample.length < SAMPLE_SIZE) {
      preview.sample.push({
        listingId: listing.id,
        title: listing.title,
        before: describeSnapshot(snapshotOf(listing)),
        after: describeSnapshot(phase === "multi" ? alignWith(target, snapshotOf(listing)) : target),
      });
    }
  }
  return preview;
}
