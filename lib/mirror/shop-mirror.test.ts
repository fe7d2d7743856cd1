import { beforeEach, describe, expect, it } from "vitest";
import { useSeededSandbox } from "../../test/harness/use-sandbox";
import { eachEngine } from "../../test/harness/each-engine";
import { advanceClock, createSeller, sandboxControl, type CreatedSeller } from "../../test/harness/sandbox";
import { openDatabase, type Database } from "../db/database";
import type { Marketplace } from "../marketplace/client";
import type { Listing } from "../marketplace/wire";
import { historyStore } from "../history/history-store";
import { changeListing } from "../writes/recorded-write";
import { writeSnapshot } from "../writes/write-snapshot";
import { snapshotOf, type Snapshot } from "../personalization/snapshot";
import { snapshotOfForm } from "../personalization/snapshot-codec";
import { mirrorWrote, ownWriteEchoAfterWrite } from "./own-writes";
import { OTHER_STATES_MS, shopMirror, type ShopMirror } from "./shop-mirror";
import { MIRROR_TABLES, outsideEdit, signInSeller, signedInSeller } from "../../test/harness/mirror-shop";

const sandbox = useSeededSandbox();
const ENGRAVE = snapshotOfForm({ instructions: "Name to engrave", maxAllowedCharacters: 20, required: true });
const GIFT = snapshotOfForm({ instructions: "Gift note", maxAllowedCharacters: 200, required: false });

type Logged = { id: number; method: string; path: string };
const requests = async (): Promise<Logged[]> => (await sandboxControl(sandbox.url, "/requests")).body.requests;
const lastId = async () => (await requests()).at(-1)?.id ?? 0;
const readsSince = async (id: number) => (await requests()).filter((entry) => entry.id > id);

describe.each(eachEngine())("shop mirror on %s", (_engine, location) => {
  let db: Database;
  let marketplace: Marketplace;
  let mirror: ShopMirror;
  let seller: CreatedSeller;
  let changer: { userId: number; shopId: number };

  beforeEach(async () => {
    db = await openDatabase(location());
    for (const table of MIRROR_TABLES) await db.execute(`DELETE FROM ${table}`);
    ({ seller, changer, marketplace } = await signedInSeller(sandbox.url, db, 7));
    mirror = shopMirror(db, marketplace);
    return () => db.close();
  });

  /** The changer's save of `target` over `listing`, entered in the history as the editor enters it before writing. */
  const recordedSave = async (listing: Listing, target: Snapshot) =>
    (await historyStore(db).record({
      listingId: listing.id,
      ...changer,
      action: "save",
      previous: snapshotOf(listing),
      target,
    }))!;

  it("fills with every listing of the shop, counting its progress, then serves them without asking the marketplace", async () => {
    const filled = await mirror.fill(changer);
    expect(filled).toEqual({ ok: true, data: true });
    const shop = await mirror.store.shop(changer.shopId);
    expect(shop).toMatchObject({ status: "filled", listingsRead: 7, listingsTotal: 7, syncedBy: "fill" });
    const before = await lastId();
    const listings = await mirror.store.listings(changer.shopId, "active");
    expect(listings.map((listing) => listing.id).sort()).toEqual([...seller.listing_ids].sort());
    expect(await readsSince(before)).toEqual([]);
  });

  it("a fill is refused, without asking the marketplace, while another process holds the shop's lease", async () => {
    expect(await mirror.store.claim(changer.shopId, changer.userId, 60_000)).toBe(true);
    const before = await lastId();
    expect(await mirror.fill(changer)).toEqual({ ok: true, data: false });
    expect(await readsSince(before)).toEqual([]);

    await mirror.store.release(changer.shopId);
    expect(await mirror.fill(changer)).toEqual({ ok: true, data: true });
  });

  it("an incremental read brings an outside change into the mirror and the inbox, with before and after, once", async () => {
    await mirror.fill(changer);
    const listingId = seller.listing_ids[2]!;
    const before = snapshotOf((await mirror.store.listing(listingId))!.listing);
    await outsideEdit(sandbox.url, seller, listingId, "Names, please");

    expect(await mirror.readRecent(changer, "poll")).toEqual({ ok: true, data: { complete: true } });
    const mirrored = (await mirror.store.listing(listingId))!.listing;
    expect(mirrored.questions[0]?.instructions).toBe("Names, please");
    const [change, ...more] = await mirror.store.changes(changer.shopId);
    expect(more).toEqual([]);
    expect(change).toMatchObject({ listingId, foundBy: "poll", before, after: snapshotOf(mirrored), status: "open" });
    const [outside] = await historyStore(db).list(changer.shopId, listingId);
    expect(outside).toMatchObject({ action: "outside", previous: before, outcome: "done" });

    await mirror.readRecent(changer, "poll");
    expect(await mirror.store.changes(changer.shopId)).toHaveLength(1);
  });

  it("finds a change made after the fill in a shop of several pages, and only that one, reading one page per state", async () => {
    const big = await createSeller(sandbox.url, { listings: 150 });
    const bigShop = { userId: big.user_id, shopId: big.shop_id! };
    await signInSeller(sandbox.url, db, big);
    await advanceClock(sandbox.url, 1000);
    await outsideEdit(sandbox.url, big, big.listing_ids[10]!, "Changed before the fill");
    await mirror.fill(bigShop);
    await advanceClock(sandbox.url, 1000);
    await outsideEdit(sandbox.url, big, big.listing_ids[120]!, "Changed after the fill");

    const before = await lastId();
    await mirror.readRecent(bigShop, "poll");
    // The sandbox sorts by updated: the first of the two active pages reaches what the fill knew; the other states are empty.
    expect((await readsSince(before)).map((entry) => entry.path)).toEqual(
      Array(5).fill(`/v3/application/shops/${bigShop.shopId}/listings`),
    );
    expect((await mirror.store.changes(bigShop.shopId)).map((change) => change.listingId)).toEqual([
      big.listing_ids[120],
    ]);
  });

  it.each([
    {
      marketplace: "sorts by updated: one request per state when little changed",
      sorts: true,
      reads: ["active 0", "inactive 0", "sold_out 0", "draft 0", "expired 0"],
    },
    {
      marketplace: "ignores sort_on: every page is read",
      sorts: false,
      reads: ["active 0", "active 100", "inactive 0", "sold_out 0", "draft 0", "expired 0"],
    },
  ])("an incremental read stops at the last change it knows where the marketplace $marketplace", async (expected) => {
    const shop = { userId: 1, shopId: 99 };
    const stub = stubShop(shop.shopId, 150, { sorts: expected.sorts });
    const stubbed = shopMirror(db, stub.marketplace);
    await stubbed.fill(shop);
    stub.change(140, "Changed on the marketplace");
    stub.requests.length = 0;

    await stubbed.readRecent(shop, "poll");
    expect(stub.requests).toEqual(expected.reads);
    expect((await stubbed.store.changes(shop.shopId)).map((change) => change.listingId)).toEqual([140]);
  });

  it("a poll after no change costs one request, of the active listings", async () => {
    await mirror.fill(changer);
    const before = await lastId();
    expect(await mirror.poll(changer)).toEqual({ ok: true, data: { complete: true, polled: true } });
    expect((await readsSince(before)).map((entry) => entry.path)).toEqual([
      `/v3/application/shops/${changer.shopId}/listings`,
    ]);
  });

  it("a poll finds an outside change to an active listing in its one request", async () => {
    await mirror.fill(changer);
    await advanceClock(sandbox.url, 1000);
    await outsideEdit(sandbox.url, seller, seller.listing_ids[2]!, "Changed in Shop Manager");
    const before = await lastId();
    await mirror.poll(changer);
    expect(await readsSince(before)).toHaveLength(1);
    expect((await mirror.store.changes(changer.shopId)).map((change) => change.listingId)).toEqual([
      seller.listing_ids[2],
    ]);
  });

  it("a poll learns of a listing moved out of active and one deleted, then costs one request again", async () => {
    await mirror.fill(changer);
    await advanceClock(sandbox.url, 1000);
    const [moved, deleted] = [seller.listing_ids[3]!, seller.listing_ids[4]!];
    expect((await sandboxControl(sandbox.url, `/listings/${moved}`, { state: "inactive" }, "PATCH")).status).toBe(200);
    expect((await sandboxControl(sandbox.url, `/listings/${deleted}`, undefined, "DELETE")).status).toBeLessThan(300);

    expect(await mirror.poll(changer)).toEqual({ ok: true, data: { complete: true, polled: true } });
    expect((await mirror.store.listing(moved))?.listing.state).toBe("inactive");
    expect(await mirror.store.listing(deleted)).toBeNull();
    expect((await mirror.store.listings(changer.shopId, "active")).map((listing) => listing.id).sort()).toEqual(
      seller.listing_ids.filter((id) => id !== moved && id !== deleted).sort(),
    );

    const before = await lastId();
    await mirror.poll(changer);
    expect(await readsSince(before)).toHaveLength(1);
  });

  it("a poll reads every state again once the other states were last read OTHER_STATES_MS ago", async () => {
    await mirror.fill(changer);
    const before = await lastId();
    await mirror.poll(changer, Date.now() + OTHER_STATES_MS);
    expect(await readsSince(before)).toHaveLength(5);
  });

  // The poller ticks once a minute (MIRROR_POLL_SECONDS' default) for a quarter of an hour after the fill.
  const quarterHourOfPolls = async (active: boolean, start: number) => {
    const before = await lastId();
    let polls = 0;
    for (let minute = 1; minute <= 15; minute++)
      if ((await mirror.poll(changer, start + minute * 60_000, active)).ok) polls++;
    return { polls, requests: (await readsSince(before)).length };
  };

  it("an idle shop is polled once a quarter of an hour, every state then; an active one every minute, one request each", async () => {
    await mirror.fill(changer);
    const start = Date.now();
    expect(await quarterHourOfPolls(false, start)).toEqual({ polls: 15, requests: 5 });
    expect(await quarterHourOfPolls(true, start + OTHER_STATES_MS)).toEqual({ polls: 15, requests: 15 + 4 });
  });

  it("an outside change to an idle shop is in its inbox within 15 minutes, and not before its poll is due", async () => {
    await mirror.fill(changer);
    const start = Date.now();
    await advanceClock(sandbox.url, 1000);
    await outsideEdit(sandbox.url, seller, seller.listing_ids[2]!, "Changed while the seller was away");
    const seenAt: number[] = [];
    for (let minute = 1; minute <= 15 && seenAt.length === 0; minute++) {
      const poll = await mirror.poll(changer, start + minute * 60_000, false);
      expect(poll).toEqual({ ok: true, data: { complete: true, polled: minute === 15 } });
      if ((await mirror.store.changes(changer.shopId)).length > 0) seenAt.push(minute);
    }
    expect(seenAt).toEqual([15]);
    expect((await mirror.store.changes(changer.shopId)).map((change) => change.listingId)).toEqual([
      seller.listing_ids[2],
    ]);
  });

  it("an event that comes before its own write's answer waits for the write to settle and is taken for that write's, reading nothing", async () => {
    await mirror.fill(changer);
    const listingId = seller.listing_ids[1]!;
    const listing = (await mirror.store.listing(listingId))!.listing;
    const history = historyStore(db);
    const entry = await recordedSave(listing, ENGRAVE);
    const before = await lastId();
    const echo = ownWriteEchoAfterWrite(db, changer.shopId, listingId);
    await new Promise((done) => setTimeout(done, 200));
    await history.settle(entry, "done");
    await mirrorWrote(db, listingId, listing.questions);
    expect(await echo).toBe(true);
    expect(await ownWriteEchoAfterWrite(db, changer.shopId, listingId)).toBe(false);
    expect(await readsSince(before)).toEqual([]);
  });

  it("the dashboard's own write shows in the mirror at once and never in the inbox", async () => {
    await mirror.fill(changer);
    const listingId = seller.listing_ids[0]!;
    const version = await mirror.store.version(changer.shopId);
    const written = await changeListing(historyStore(db), marketplace, {
      changer,
      listingId,
      target: ENGRAVE,
      action: "save",
    });
    expect(written.ok).toBe(true);
    // The mirror holds the marketplace's answer: what was written, with the ids the marketplace gave it.
    expect(snapshotOf((await mirror.store.listing(listingId))!.listing)).toMatchObject(ENGRAVE);
    // What a count over the shop is cached by moves with it (the header's Needs attention), though the write's answer
    // leaves the marketplace's timestamp as it was.
    expect(await mirror.store.version(changer.shopId)).not.toBe(version);
    await mirror.readRecent(changer, "poll");
    expect(await mirror.store.changes(changer.shopId)).toEqual([]);
  });

  it("an own write whose webhook comes before the mirror heard of it is still the dashboard's own", async () => {
    await mirror.fill(changer);
    const listingId = seller.listing_ids[1]!;
    const history = historyStore(db);
    const entry = await recordedSave((await mirror.store.listing(listingId))!.listing, GIFT);
    expect((await writeSnapshot(marketplace, changer, listingId, GIFT)).ok).toBe(true);
    await history.settle(entry, "done");
    const read = await marketplace.getListing(changer.userId, listingId);
    expect(await mirror.apply(read.ok ? read.data : fail(), "webhook")).toBe("changed");
    expect(await mirror.store.changes(changer.shopId)).toEqual([]);
  });
});

function stubShop(shopId: number, count: number, options: { sorts: boolean }) {
  const listings: Listing[] = Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    shopId,
    title: `Listing ${index + 1}`,
    state: "active",
    updatedAt: 1_000_000 + index * 10,
    isPersonalizable: false,
    questions: [],
    legacyDisagrees: false,
  }));
  const requests: string[] = [];
  const marketplace = {
    getListingsByShop: async (
      _userId: number,
      _shopId: number,
      page: { state: string; limit: number; offset: number; newestUpdatedFirst?: boolean },
    ) => {
      requests.push(`${page.state} ${page.offset}`);
      const inState = listings.filter((listing) => listing.state === page.state);
      const ordered =
        options.sorts && page.newestUpdatedFirst
          ? [...inState].sort((a, b) => (b.updatedAt ?? 0) - (a.updatedAt ?? 0))
          : inState;
      return {
        ok: true,
        data: { count: inState.length, listings: ordered.slice(page.offset, page.offset + page.limit) },
      };
    },
  } as unknown as Marketplace;
  const change = (id: number, instructions: string) => {
    listings[id - 1] = {
      ...listings[id - 1]!,
      updatedAt: 2_000_000,
      isPersonalizable: true,
      questions: [
        { type: "text_input", title: "Personalization", instructions, required: false, maxAllowedCharacters: 30 },
      ],
    };
  };
  return { marketplace, requests, change };
}

function fail(): never {
  throw new Error("the listing could not be read");
}
