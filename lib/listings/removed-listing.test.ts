import { beforeEach, describe, expect, it } from "vitest";
import { ADA, removeListing, sandboxControl } from "../../test/harness/sandbox";
import { DEMO_SELLERS } from "../../sandbox/store/seed";
import { sandboxMarketplaceConfig, storeSellerTokens } from "../../test/harness/seller-marketplace";
import { useSeededSandbox } from "../../test/harness/use-sandbox";
import type { LoggedRequest } from "../../test/harness/write-audit";
import { tokenStore } from "../tokens/token-store";
import { openDatabase, type Database } from "../db/database";
import { historyStore } from "../history/history-store";
import { changeListing, REMOVED_LISTING, writeRecorded } from "../writes/recorded-write";
import { createMarketplace, type Marketplace } from "../marketplace/client";
import { healthCheck } from "../shop-health/health-check";
import { shopMirror, type ShopMirror } from "../mirror/shop-mirror";
import { answered } from "../orders/orders-view";
import { fillOrders } from "../orders/kept-orders";
import { orderStore } from "../orders/order-store";
import { snapshotOfForm } from "../personalization/snapshot-codec";
import { readAllListings } from "./shop-listings";

// docs/marketplace.md §18: a listing the marketplace removed is gone, never an error.
const sandbox = useSeededSandbox({ phase: undefined });
const SCOPES = ["listings_r", "listings_w", "shops_r", "transactions_r"];
const SELLER = { userId: ADA.user_id, shopId: ADA.shop_id };
const BO = DEMO_SELLERS.bo;
const NAME_NECKLACE = 1_000_000_001;
const GIFT = snapshotOfForm({ instructions: "Gift note", maxAllowedCharacters: 200, required: false });

let db: Database;
let market: Marketplace;
let mirror: ShopMirror;

const requests = async (): Promise<LoggedRequest[]> => (await sandboxControl(sandbox.url, "/requests")).body.requests;
const lastId = async () => (await requests()).at(-1)?.id ?? 0;
const writesSince = async (id: number) =>
  (await requests()).filter((entry) => entry.id > id && entry.method !== "GET" && entry.path.startsWith("/v3/"));

beforeEach(async () => {
  db = await openDatabase(":memory:");
  await storeSellerTokens(tokenStore(db), sandbox.url, ADA.user_id, SCOPES);
  market = createMarketplace(sandboxMarketplaceConfig(sandbox.url), tokenStore(db));
  mirror = shopMirror(db, market);
  return () => db.close();
});

describe("a listing the marketplace removed is gone", () => {
  it("is kept in the mirror marked removed: out of its state's view, in the Removed view, and no outside change", async () => {
    expect(await mirror.fill(SELLER)).toEqual({ ok: true, data: true });
    await removeListing(sandbox.url, NAME_NECKLACE);
    const read = await market.getListing(ADA.user_id, NAME_NECKLACE);
    expect(read).toMatchObject({ ok: true, data: { state: "removed" } });
    if (!read.ok) return;
    expect(await mirror.apply(read.data, "webhook")).toBe("changed");
    const active = await mirror.store.listings(ADA.shop_id, "active");
    expect(active.map((listing) => listing.id)).not.toContain(NAME_NECKLACE);
    expect((await mirror.store.listings(ADA.shop_id, "removed")).map((listing) => listing.id)).toEqual([NAME_NECKLACE]);
    expect(await mirror.store.changes(ADA.shop_id)).toEqual([]);
  });

  it("is read only under Removed while the shop's mirror is not filled", async () => {
    await removeListing(sandbox.url, NAME_NECKLACE);
    const active = await readAllListings(market, SELLER, "active");
    const removed = await readAllListings(market, SELLER, "removed");
    expect(active.ok && active.data.map((listing) => listing.id)).not.toContain(NAME_NECKLACE);
    expect(removed).toEqual({ ok: true, data: [expect.objectContaining({ id: NAME_NECKLACE, state: "removed" })] });
  });

  it("is not counted by the shop health check, whatever it would find", async () => {
    // Bo's shop holds some of each finding (BO_HEALTH_PROBLEMS in the sandbox's seed).
    await storeSellerTokens(tokenStore(db), sandbox.url, BO.user_id, SCOPES);
    const bo = { userId: BO.user_id, shopId: BO.shop_id! };
    await mirror.fill(bo);
    const before = healthCheck(await mirror.store.listings(bo.shopId), "multi");
    const caps = (report: typeof before) =>
      report.findings.find((entry) => entry.finding === "all-caps")?.listings.map((listing) => listing.id) ?? [];
    const found = caps(before)[0];
    if (found === undefined) throw new Error("Bo's shop should have a listing with all-caps instructions");

    await removeListing(sandbox.url, found);
    const read = await market.getListing(bo.userId, found);
    if (read.ok) await mirror.apply(read.data, "webhook");
    const after = healthCheck(await mirror.store.listings(bo.shopId), "multi");
    expect(caps(after)).toEqual(caps(before).slice(1));
    expect(after.findings.flatMap((entry) => entry.listings.map((listing) => listing.id))).not.toContain(found);
    expect(after.scanned).toBe(before.scanned - 1);
  });

  it("is never written: the editor's save and a change's row are refused before any marketplace write", async () => {
    await removeListing(sandbox.url, NAME_NECKLACE);
    const history = historyStore(db);
    const since = await lastId();
    const saved = await changeListing(history, market, {
      changer: SELLER,
      listingId: NAME_NECKLACE,
      target: GIFT,
      action: "save",
      phase: "multi",
    });
    expect(saved).toEqual({ ok: false, refusal: REMOVED_LISTING, gone: true });
    const read = await market.getListing(ADA.user_id, NAME_NECKLACE);
    if (!read.ok) throw new Error("the removed listing should still read");
    // What the change runner passes for each row (lib/changes/plan-runner.ts).
    const row = await writeRecorded(history, market, {
      changer: SELLER,
      listing: { id: NAME_NECKLACE, questions: read.data.questions, state: read.data.state },
      target: GIFT,
      action: "plan-apply",
      phase: "multi",
    });
    expect(row).toEqual({ ok: false, refusal: REMOVED_LISTING, gone: true });
    expect(await writesSince(since)).toEqual([]);
    expect(await history.list(ADA.shop_id, NAME_NECKLACE, 10)).toEqual([]);
  });

  it("keeps the answers of its orders on the Orders page", async () => {
    const listing = await sandboxControl(sandbox.url, `/listings/${NAME_NECKLACE}`);
    const questionId = listing.body.personalization.personalization_questions[0].question_id as number;
    const placed = await sandboxControl(sandbox.url, "/orders", {
      listing_id: NAME_NECKLACE,
      buyer: { name: "Removed Listing Buyer" },
      answers: [{ question_id: questionId, value: "Zoë" }],
    });
    expect(placed.status, placed.text).toBe(201);
    await mirror.fill(SELLER);
    await removeListing(sandbox.url, NAME_NECKLACE);
    const read = await market.getListing(ADA.user_id, NAME_NECKLACE);
    if (read.ok) await mirror.apply(read.data, "webhook");

    expect(await fillOrders(db, market, SELLER)).toMatchObject({ ok: true });
    const kept = await orderStore(db).orders(
      ADA.shop_id,
      { search: "removed listing buyer" },
      { limit: 10, offset: 0 },
    );
    const [order] = await answered(db, SELLER, kept.orders);
    expect(order?.items[0]).toMatchObject({
      listingId: NAME_NECKLACE,
      questions: [{ questionId, title: "Personalization", answer: { value: "Zoë" }, flags: [] }],
    });
  });
});
