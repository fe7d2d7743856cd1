import "server-only";
import type { Database } from "../db/database";
import type { Question } from "../marketplace/wire";
import { historyStore } from "../history/history-store";
import { mirrorStore } from "./mirror-store";

// The marketplace announces every change to a listing, the dashboard's own writes among them (docs/marketplace.md
// §14.1). A write whose answer the kept copy holds needs no read when its own event comes: one event a write, within
// ECHO_WINDOW_MS of its answer, is taken for that write's, and any other event is read. Whichever of two events comes
// first, the one read is the later, so the copy ends as the marketplace holds the listing. An event read while the
// write was under way may have been its own, so then none is expected.
export const ECHO_WINDOW_MS = 30_000;

type Echoes = { expected: Map<number, number[]>; readAt: Map<number, number> };
// Kept per database, whose listings they are: one in a running dashboard.
const globalForEchoes = globalThis as unknown as { ownWriteEchoes?: WeakMap<Database, Echoes> };
const byDatabase = (globalForEchoes.ownWriteEchoes ??= new WeakMap());

function echoesOf(db: Database): Echoes {
  let echoes = byDatabase.get(db);
  if (!echoes) byDatabase.set(db, (echoes = { expected: new Map(), readAt: new Map() }));
  return echoes;
}

function prune(echoes: Echoes, now: number) {
  for (const [listingId, times] of echoes.expected) {
    const live = times.filter((at: number) => now - at < ECHO_WINDOW_MS);
    if (live.length === 0) echoes.expected.delete(listingId);
    else echoes.expected.set(listingId, live);
  }
  for (const [listingId, at] of echoes.readAt) if (now - at >= ECHO_WINDOW_MS) echoes.readAt.delete(listingId);
}

/** A webhook's read of the listing is starting: an event that came during a write may have been that write's. */
export function listingEventRead(db: Database, listingId: number, now = Date.now()) {
  echoesOf(db).readAt.set(listingId, now);
}

/** True once for each write of this listing kept in the last ECHO_WINDOW_MS: its event needs no read. */
export function ownWriteEcho(db: Database, listingId: number, now = Date.now()): boolean {
  const echoes = echoesOf(db);
  const times = (echoes.expected.get(listingId) ?? []).filter((at: number) => now - at < ECHO_WINDOW_MS);
  const own = times.length > 0;
  if (own) times.shift();
  if (times.length > 0) echoes.expected.set(listingId, times);
  else echoes.expected.delete(listingId);
  return own;
}

/**
 * ownWriteEcho, for an event that came while the dashboard's write of the listing was under way: the marketplace may
 * announce a write before its answer reaches the dashboard, so the event waits (at most `waitMs`) for the write
 * recorded before it was sent to settle and its answer to be kept, then asks again.
 */
export async function ownWriteEchoAfterWrite(db: Database, shopId: number, listingId: number, waitMs = 5_000) {
  if (ownWriteEcho(db, listingId)) return true;
  const history = historyStore(db);
  if ((await history.pending(shopId, listingId)) === undefined) return false;
  // Until the write's answer is kept (its echo then expected), or a moment after it settled without one (it failed).
  let settledAt: number | null = null;
  for (const until = Date.now() + waitMs; Date.now() < until; await new Promise((done) => setTimeout(done, 25))) {
    if (echoesOf(db).expected.has(listingId)) return ownWriteEcho(db, listingId);
    if (settledAt === null && (await history.pending(shopId, listingId)) === undefined) settledAt = Date.now();
    if (settledAt !== null && Date.now() - settledAt > 500) return false;
  }
  return false;
}

function expectEcho(db: Database, listingId: number, now = Date.now()) {
  const echoes = echoesOf(db);
  if (echoes.expected.size + echoes.readAt.size > 10_000) prune(echoes, now);
  const readAt = echoes.readAt.get(listingId);
  if (readAt !== undefined && now - readAt < ECHO_WINDOW_MS) return;
  echoes.expected.set(listingId, [...(echoes.expected.get(listingId) ?? []), now]);
}

// A write the marketplace confirmed shows at once, without reading the listing again.
export async function mirrorWrote(db: Database, listingId: number, questions: Question[]) {
  const store = mirrorStore(db);
  const known = await store.listing(listingId);
  if (!known) return;
  const first = questions[0];
  const legacy = known.listing.legacy && {
    required: first?.required ?? false,
    maxAllowedCharacters: first?.maxAllowedCharacters ?? null,
    instructions: first?.instructions ?? null,
  };
  const kept = await store.replace(known, {
    ...known.listing,
    questions,
    isPersonalizable: questions.length > 0,
    legacy,
    legacyDisagrees: false,
  });
  if (kept) expectEcho(db, listingId);
}
