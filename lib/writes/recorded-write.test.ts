import { beforeEach, describe, expect, it } from "vitest";
import { useSeededSandbox } from "../../test/harness/use-sandbox";
import { createSeller, sandboxControl, storedListing, type CreatedSeller } from "../../test/harness/sandbox";
import { openDatabase } from "../db/database";
import { tokenStore } from "../tokens/token-store";
import { createMarketplace, type Marketplace } from "../marketplace/client";
import { NO_PERSONALIZATION } from "../personalization/snapshot";
import { snapshotOfForm } from "../personalization/snapshot-codec";
import { historyStore, type HistoryStore } from "../history/history-store";
import { changeListing } from "./recorded-write";
import { SETTLE_AFTER_MS, settleUnknown } from "./settle-unknown";
import {
  sandboxMarketplaceConfig,
  storeQuestions,
  storeSellerTokens,
  textQuestions,
} from "../../test/harness/seller-marketplace";

const sandbox = useSeededSandbox();
const SCOPES = ["listings_r", "listings_w", "shops_r"];
const GIFT = snapshotOfForm({ instructions: "Gift note", maxAllowedCharacters: 200, required: false });
const ENGRAVE = snapshotOfForm({ instructions: "Name to engrave", maxAllowedCharacters: 20, required: true });
const INITIALS = snapshotOfForm({ instructions: "Initials", maxAllowedCharacters: 3, required: true });

let history: HistoryStore;
let marketplace: Marketplace;
let seller: CreatedSeller;
let changer: { userId: number; shopId: number };

const writes = async () =>
  ((await sandboxControl(sandbox.url, "/requests")).body.requests as { method: string; status: number }[])
    .filter((entry) => entry.method !== "GET")
    .map((entry) => `${entry.method} ${entry.status}`);
const reads = async () =>
  ((await sandboxControl(sandbox.url, "/requests")).body.requests as { method: string }[]).filter(
    (entry) => entry.method === "GET",
  );
const personalizationPath = (listingId: number) =>
  `/v3/application/shops/${changer.shopId}/listings/${listingId}/personalization`;
const questionsOf = async (listingId: number) =>
  (await storedListing(sandbox.url, listingId)).personalization.personalization_questions;

async function signIn(userId: number) {
  const db = await openDatabase(":memory:");
  await storeSellerTokens(tokenStore(db), sandbox.url, userId, SCOPES);
  history = historyStore(db);
  marketplace = createMarketplace(sandboxMarketplaceConfig(sandbox.url, { timeoutMs: 1000 }), tokenStore(db));
}

beforeEach(async () => {
  seller = await createSeller(sandbox.url, { listings: 2 });
  changer = { userId: seller.user_id, shopId: seller.shop_id as number };
  await signIn(seller.user_id);
});

// The single-question editor's save, as app/listings/[id]/update-personalization.ts sends it.
const change = (listingId: number, target: typeof GIFT, action: "save" | "remove" | "restore") =>
  changeListing(history, marketplace, { changer, listingId, target, action, phase: "single" });

describe("personalization history", () => {
  it("a save keeps what the listing asked before: when, what, and by which action", async () => {
    const listingId = seller.listing_ids[0]!;
    expect((await change(listingId, GIFT, "save")).ok).toBe(true);
    const before = Date.now();
    expect(await change(listingId, ENGRAVE, "save")).toMatchObject({
      ok: true,
      data: [{ instructions: "Name to engrave", required: true, maxAllowedCharacters: 20 }],
    });

    const [latest, first] = await history.list(changer.shopId, listingId);
    expect(latest).toMatchObject({ listingId, action: "save", planId: null, previous: GIFT });
    expect(latest!.recordedAt).toBeGreaterThanOrEqual(before);
    expect(first).toMatchObject({ action: "save", previous: NO_PERSONALIZATION });
  });

  it("restores an earlier version in one write, and the restore is itself recorded", async () => {
    const listingId = seller.listing_ids[0]!;
    await change(listingId, GIFT, "save");
    await change(listingId, ENGRAVE, "save");
    await change(listingId, INITIALS, "save");
    const giftVersion = (await history.list(changer.shopId, listingId)).find(
      (entry) => entry.previous.questions[0]?.instructions === "Gift note",
    )!;

    expect((await change(listingId, giftVersion.previous, "restore")).ok).toBe(true);
    expect(await questionsOf(listingId)).toMatchObject([
      { instructions: "Gift note", required: false, max_allowed_characters: 200 },
    ]);
    const [restore] = await history.list(changer.shopId, listingId);
    expect(restore).toMatchObject({ action: "restore", previous: INITIALS });
    expect(await history.find(changer.shopId, giftVersion.id)).toEqual(giftVersion);
  });

  it("restoring a version without a question removes personalization", async () => {
    const listingId = seller.listing_ids[0]!;
    await change(listingId, GIFT, "save");
    const [empty] = await history.list(changer.shopId, listingId);
    await sandboxControl(sandbox.url, "/requests", undefined, "DELETE");

    expect(await change(listingId, empty!.previous, "restore")).toEqual({ ok: true, data: [] });
    expect(await questionsOf(listingId)).toEqual([]);
    expect(await writes()).toEqual(["DELETE 204"]);
  });

  it("never overwrites a listing whose questions the editor cannot show, and keeps nothing", async () => {
    const listingId = seller.listing_ids[0]!;
    const two = textQuestions(2);
    storeQuestions(sandbox, listingId, two);
    await sandboxControl(sandbox.url, "/requests", undefined, "DELETE");

    expect(await change(listingId, ENGRAVE, "save")).toEqual({
      ok: false,
      refusal:
        "This listing asks buyers 2 questions that this dashboard cannot show, so it was left as it is to keep what buyers are asked. Change it on the marketplace.",
    });
    expect(await writes()).toEqual([]);
    expect(await history.list(changer.shopId, listingId)).toEqual([]);
  });

  it("forgets a write the marketplace refused", async () => {
    const listingId = seller.listing_ids[0]!;
    await sandboxControl(sandbox.url, "/faults", { method: "POST", path: personalizationPath(listingId), status: 400 });
    expect(await change(listingId, GIFT, "save")).toMatchObject({ ok: false, failure: { kind: "invalid" } });
    expect(await history.list(changer.shopId, listingId)).toEqual([]);
  });

  it("a 500 or 503 on every try adds no entry: the listing read back shows the write did not land", async () => {
    const listingId = seller.listing_ids[0]!;
    for (const status of [500, 503]) {
      await sandboxControl(sandbox.url, "/faults", {
        method: "POST",
        path: personalizationPath(listingId),
        status,
        times: 3,
      });
      expect(await change(listingId, GIFT, "save")).toMatchObject({
        ok: false,
        failure: { kind: "unavailable", status },
      });
      expect(await history.list(changer.shopId, listingId)).toEqual([]);
    }
    expect(await questionsOf(listingId)).toEqual([]);
  });

  it("a single 503 on the write is tried again, and the listing holds the write once, recorded as done", async () => {
    const listingId = seller.listing_ids[0]!;
    await sandboxControl(sandbox.url, "/faults", { method: "POST", path: personalizationPath(listingId), status: 503 });
    expect(await change(listingId, GIFT, "save")).toMatchObject({ ok: true });
    expect(await history.list(changer.shopId, listingId)).toMatchObject([{ action: "save", outcome: "done" }]);
    expect(await questionsOf(listingId)).toHaveLength(1);
  });

  it("a save checked against what the editor loaded is refused, unwritten, when the listing changed since", async () => {
    const listingId = seller.listing_ids[0]!;
    const outcome = await changeListing(history, marketplace, {
      changer,
      listingId,
      target: GIFT,
      action: "save",
      expected: GIFT,
    });
    expect(outcome).toMatchObject({ ok: false, changedSince: [] });
    expect(await history.list(changer.shopId, listingId)).toEqual([]);
    expect(await questionsOf(listingId)).toEqual([]);
  });

  it("a confirmed write is recorded as done, with what it replaced and what it asked for", async () => {
    const listingId = seller.listing_ids[0]!;
    await change(listingId, GIFT, "save");
    expect(await history.list(changer.shopId, listingId)).toMatchObject([
      { action: "save", outcome: "done", previous: NO_PERSONALIZATION, target: GIFT },
    ]);
  });

  it("a write whose answer never came is unknown until reading the listing back shows it landed", async () => {
    const listingId = seller.listing_ids[0]!;
    await sandboxControl(sandbox.url, "/faults", {
      method: "POST",
      path: personalizationPath(listingId),
      delay_ms: 3000,
    });
    expect(await change(listingId, GIFT, "save")).toEqual({ ok: false, failure: { kind: "timeout" } });
    expect(await history.list(changer.shopId, listingId)).toMatchObject([
      { action: "save", outcome: "unknown", previous: NO_PERSONALIZATION, target: GIFT },
    ]);

    await expect.poll(async () => (await questionsOf(listingId)).length, { timeout: 15_000 }).toBe(1);
    expect(await settleUnknown(history, marketplace, changer, listingId)).toMatchObject([
      { action: "save", outcome: "done", target: GIFT },
    ]);
  });

  it("a write whose answer never came and that never landed is forgotten once settled", async () => {
    const listingId = seller.listing_ids[0]!;
    await sandboxControl(sandbox.url, "/faults", {
      method: "POST",
      path: personalizationPath(listingId),
      delay_ms: 3000,
      status: 500,
    });
    expect(await change(listingId, GIFT, "save")).toEqual({ ok: false, failure: { kind: "timeout" } });
    expect(await settleUnknown(history, marketplace, changer, listingId)).toMatchObject([{ outcome: "unknown" }]);
    expect(
      await settleUnknown(history, marketplace, changer, listingId, { now: Date.now() + SETTLE_AFTER_MS + 1 }),
    ).toEqual([]);
  });

  it("settles an unknown write by what the next change found, without reading the listing again", async () => {
    const listingId = seller.listing_ids[0]!;
    await sandboxControl(sandbox.url, "/faults", {
      method: "POST",
      path: personalizationPath(listingId),
      delay_ms: 3000,
    });
    await change(listingId, GIFT, "save");
    await expect.poll(async () => (await questionsOf(listingId)).length, { timeout: 15_000 }).toBe(1);
    await change(listingId, ENGRAVE, "save");
    await sandboxControl(sandbox.url, "/requests", undefined, "DELETE");

    expect(await settleUnknown(history, marketplace, changer, listingId)).toMatchObject([
      { outcome: "done", previous: GIFT, target: ENGRAVE },
      { outcome: "done", previous: NO_PERSONALIZATION, target: GIFT },
    ]);
    expect(await reads()).toEqual([]);
  });

  it("leaves another shop's listing to the marketplace, which refuses it, and keeps nothing", async () => {
    const other = await createSeller(sandbox.url, { listings: 1 });
    const theirs = other.listing_ids[0]!;
    expect(await change(theirs, GIFT, "save")).toMatchObject({
      ok: false,
      failure: { kind: "forbidden", message: `Listing ${theirs} does not belong to shop ${changer.shopId}.` },
    });
    expect(await history.list(changer.shopId, theirs)).toEqual([]);
    expect(await history.list(other.shop_id as number, theirs)).toEqual([]);
  });
});
