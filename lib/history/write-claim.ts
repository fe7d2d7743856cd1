import "server-only";

// Every write to the marketplace is sent once (docs/architecture.md, "Sent once"): it is recorded, as "pending", before
// it goes, and that row is its claim on its target (a listing, a receipt): the database refuses a second pending row for
// the same target, on every instance alike. A request that finds the target claimed waits for the claim to settle, then
// reads the first write's outcome instead of sending its own.

/** A write still "pending" this long after it was recorded is one whose process stopped mid-write. */
export const PENDING_GRACE_MS = 120_000;
/** How long a request waits for another write of its target: longer than a write and its read-back take. */
export const CLAIM_WAIT_MS = 30_000;
const POLL_MS = 100;

export type Claim = { id: string; recordedAt: number };

/**
 * Resolves true once no write holds the target, false when the holder is still writing after `waitMs`. A claim older
 * than PENDING_GRACE_MS is given up (its write becomes unknown, settled by a read-back like an unanswered one).
 */
export async function untilUnclaimed(
  holder: () => Promise<Claim | undefined>,
  giveUp: (claim: Claim) => Promise<void>,
  { waitMs = CLAIM_WAIT_MS }: { waitMs?: number } = {},
): Promise<boolean> {
  for (const deadline = Date.now() + waitMs; ; await new Promise((resolve) => setTimeout(resolve, POLL_MS))) {
    const claim = await holder();
    if (!claim) return true;
    if (Date.now() - claim.recordedAt > PENDING_GRACE_MS) {
      await giveUp(claim);
      return true;
    }
    if (Date.now() > deadline) return false;
  }
}
