import "server-only";
import type { Marketplace } from "../marketplace/client";
import type { MarketplaceFailure, Result } from "../marketplace/failure";
import { isRemoved, type Listing, type Question, type Seller } from "../marketplace/wire";
import { DEFAULT_PHASE, type PersonalizationPhase } from "../env-schema";
import {
  alignWith,
  representable,
  sameSnapshot,
  snapshotOf,
  unrepresentableReason,
  type Snapshot,
} from "../personalization/snapshot";
import { QUESTION_INSTRUCTIONS_MAX } from "../personalization/question-draft";
import { characterCount } from "../personalization/rules";
import type { Refusal } from "../actions/seller-action";
import type { HistoryAction, HistoryStore } from "../history/history-store";
import { writeSnapshot } from "./write-snapshot";
import { mirrorWrote } from "../mirror/own-writes";
import { untilUnclaimed } from "../history/write-claim";

/** Another write to the listing holds it (lib/history/write-claim.ts), or settled after this one's read of it. */
export type ClaimedElsewhere = Refusal & { claimed: true };

export type WriteOutcome = Result<Question[]> | Refusal | ClaimedElsewhere;

export const BEING_WRITTEN: ClaimedElsewhere = {
  ok: false,
  claimed: true,
  refusal:
    "Not saved yet: another change to this listing (a second click, another tab, or a change being applied) is still being sent, and the marketplace has not answered it. Reload the page in a minute to see what the listing asks, then save again if it is still needed.",
};

export const claimedElsewhere = (outcome: WriteOutcome): outcome is ClaimedElsewhere => "claimed" in outcome;

// Failures after which the listing is certainly unchanged; after a time-out, a 5xx or a lost connection it may have changed.
export const CERTAINLY_UNCHANGED = new Set<MarketplaceFailure["kind"]>([
  "reauth",
  "invalid_token",
  "insufficient_scope",
  "invalid",
  "forbidden",
  "not_found",
  "conflict",
  "rate_limited",
]);

export const REMOVED_LISTING =
  "Nothing was changed: the marketplace removed this listing, so it can no longer be edited. Its past orders keep their answers on the Orders page.";

export const SET_NEEDS_MULTI =
  "Nothing was changed: this asks buyers several questions, or a kind of question, that the marketplace accepts only in its multi-question period, and it is not in that period now. Reload the page to see what the marketplace allows.";

export function changedSince(listing: Listing, verb: "saved" | "put back" = "saved"): Refusal {
  return {
    ok: false,
    refusal: `Not ${verb}: this listing changed on the marketplace after you opened it (in another tab, by someone else, or in Shop Manager). Compare your version with the marketplace's now and choose which one buyers are asked.`,
    changedSince: listing.questions,
  };
}

/** An earlier version (a restore, an undo) may hold instructions longer than the marketplace takes now; it is never cut. */
export function instructionsOverLimit(target: Snapshot): string | undefined {
  const index = target.questions.findIndex(
    (question) => characterCount(question.instructions) > QUESTION_INSTRUCTIONS_MAX,
  );
  const question = target.questions[index];
  if (!question) return undefined;
  return `Nothing was changed: question ${index + 1} (“${question.title}”) has instructions of ${characterCount(question.instructions)} characters, and the marketplace now accepts at most ${QUESTION_INSTRUCTIONS_MAX}. Open the listing, shorten them in the editor, then save.`;
}

const mirrored = (history: HistoryStore, listingId: number, questions: Question[]) =>
  mirrorWrote(history.db, listingId, questions).catch((error: Error) =>
    console.error(`dashboard: mirroring a write to listing ${listingId} failed: ${error.message}`),
  );

export async function writeRecorded(
  history: HistoryStore,
  marketplace: Marketplace,
  change: {
    changer: Seller;
    listing: Pick<Listing, "id" | "questions" | "state">;
    target: Snapshot;
    action: HistoryAction;
    planId?: string;
    phase?: PersonalizationPhase;
    /** When `listing` was read: a write to it recorded or settled since then makes this one read it again. */
    readAt?: number;
  },
): Promise<WriteOutcome> {
  // docs/marketplace.md §18: a removed listing is gone, never written to, whichever way the write came.
  if (isRemoved(change.listing)) return { ok: false, refusal: REMOVED_LISTING, gone: true };
  const previous = snapshotOf(change.listing);
  const phase = change.phase ?? DEFAULT_PHASE;
  const target = phase === "multi" ? alignWith(change.target, previous) : change.target;
  if (phase === "single" && !representable(previous)) return { ok: false, refusal: unrepresentableReason(previous) };
  if (phase === "single" && !representable(target)) return { ok: false, refusal: SET_NEEDS_MULTI };
  const tooLong = phase === "multi" ? instructionsOverLimit(target) : undefined;
  if (tooLong) return { ok: false, refusal: tooLong };
  const { changer, listing } = change;
  const entry = await history.record({
    listingId: listing.id,
    shopId: changer.shopId,
    userId: changer.userId,
    action: change.action,
    planId: change.planId,
    previous,
    target,
  });
  if (!entry) return BEING_WRITTEN;
  // Claimed: any earlier write has settled, and one since the read means the listing may hold something else now.
  if (change.readAt !== undefined && (await history.touchedSince(changer.shopId, listing.id, change.readAt, entry))) {
    await history.forget(entry);
    return BEING_WRITTEN;
  }
  const result = await writeSnapshot(marketplace, changer, listing.id, target, phase);
  if (result.ok) {
    await history.settle(entry, "done");
    await mirrored(history, listing.id, result.data);
    return result;
  }
  if (CERTAINLY_UNCHANGED.has(result.failure.kind)) {
    await history.forget(entry);
    return result;
  }
  const readBack = await marketplace.getListing(changer.userId, listing.id);
  if (readBack.ok && sameSnapshot(snapshotOf(readBack.data), target) && !sameSnapshot(previous, target)) {
    await history.settle(entry, "done");
    await mirrored(history, listing.id, readBack.data.questions);
    return { ok: true, data: readBack.data.questions };
  }
  if (readBack.ok && result.failure.kind === "unavailable") await history.forget(entry);
  else await history.settle(entry, "unknown");
  return result;
}

// `expected`: what the seller's editor or history showed; a listing that asks something else now is not written over.
// `known`: the listing as the caller has just read it, so the first attempt does not read it again.
export async function changeListing(
  history: HistoryStore,
  marketplace: Marketplace,
  change: {
    changer: Seller;
    listingId: number;
    target: Snapshot;
    action: HistoryAction;
    phase?: PersonalizationPhase;
    expected?: Snapshot;
    known?: Listing;
    verb?: "saved" | "put back";
  },
): Promise<WriteOutcome> {
  const { changer, listingId, target, action, phase, expected } = change;
  for (let attempt = 1, waits = 0; ;) {
    const readAt = Date.now();
    const current: Result<Listing> =
      attempt === 1 && waits === 0 && change.known
        ? { ok: true, data: change.known }
        : await marketplace.getListing(changer.userId, listingId);
    if (!current.ok) return current;
    // Another shop's listing is not ours to keep a history of; the marketplace refuses the write with its own reason.
    if (current.data.shopId !== changer.shopId) return writeSnapshot(marketplace, changer, listingId, target, phase);
    const now = snapshotOf(current.data);
    // A retry, or a save that waited for another write, reads back first: what landed already is not written twice.
    // So does one whose listing changed since it was opened to just what it asks (the same save from another tab).
    const holdsTarget = sameSnapshot(now, phase === "multi" ? alignWith(target, now) : target);
    const changed = expected !== undefined && !sameSnapshot(now, expected);
    if (holdsTarget && (attempt > 1 || waits > 0 || changed)) return { ok: true, data: current.data.questions };
    if (changed) return changedSince(current.data, change.verb);
    const outcome = await writeRecorded(history, marketplace, {
      changer,
      listing: current.data,
      target,
      action,
      phase,
      readAt: attempt === 1 && waits === 0 && change.known ? undefined : readAt,
    });
    if (claimedElsewhere(outcome)) {
      waits += 1;
      const settled = await untilUnclaimed(
        () => history.pending(changer.shopId, listingId),
        (claim) => history.giveUp(claim),
      );
      if (!settled || waits > CLAIM_ROUNDS) return outcome;
      continue;
    }
    if (outcome.ok || "refusal" in outcome || !serverError(outcome.failure) || attempt > SERVER_ERROR_RETRIES)
      return outcome;
    await new Promise((resolve) => setTimeout(resolve, SERVER_ERROR_BACKOFF_MS * attempt));
    attempt += 1;
  }
}

/** A third write may claim the listing between this one's wait and its claim: it waits again, a few times. */
const CLAIM_ROUNDS = 3;

// A 5xx is often one bad moment: the seller's save is tried again a little later, a bounded number of times.
const SERVER_ERROR_RETRIES = 2;
const SERVER_ERROR_BACKOFF_MS = 400;
const serverError = (failure: MarketplaceFailure) =>
  failure.kind === "unavailable" && failure.status !== undefined && failure.status >= 500;
