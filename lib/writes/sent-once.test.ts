import { beforeEach, describe, expect, it } from "vitest";
import { useSeededSandbox } from "../../test/harness/use-sandbox";
import { eachEngine } from "../../test/harness/each-engine";
import { createSeller, sandboxControl, storedListing, type CreatedSeller } from "../../test/harness/sandbox";
import { sandboxMarketplaceConfig, storeSellerTokens } from "../../test/harness/seller-marketplace";
import { openDatabase, type Database } from "../db/database";
import { tokenStore } from "../tokens/token-store";
import { createMarketplace, type Marketplace } from "../marketplace/client";
import { NO_PERSONALIZATION } from "../personalization/snapshot";
import { snapshotOfForm } from "../personalization/snapshot-codec";
import { historyStore, type HistoryStore } from "../history/history-store";
import { changeListing } from "./recorded-write";
import { writeSnapshot } from "./write-snapshot";

// Every write is sent once (docs/architecture.md, "Sent once"): two saves of one listing at once, as two tabs or two
// instances send them, write it once, and both report what the listing holds.

const sandbox = useSeededSandbox();
const SCOPES = ["listings_r", "listings_w", "shops_r"];
const GIFT = snapshotOfForm({ instructions: "Gift note", maxAllowedCharacters: 200, required: false });

describe.each(eachEngine())("a save sent once on %s", (_engine, location) => {
  let db: Database;
  let history: HistoryStore;
  let marketplace: Marketplace;
  let seller: CreatedSeller;
  let changer: { userId: number; shopId: number };

  const path = (listingId: number) => `/v3/application/shops/${changer.shopId}/listings/${listingId}/personalization`;
  const writesTo = async (listingId: number) =>
    ((await sandboxControl(sandbox.url, "/requests")).body.requests as { method: string; path: string }[]).filter(
      (entry) => entry.method !== "GET" && entry.path === path(listingId),
    );
  // As the editor saves: what it loaded is expected, so a change made since is not written over.
  const save = (listingId: number) =>
    changeListing(history, marketplace, {
      changer,
      listingId,
      target: GIFT,
      action: "save",
      phase: "single",
      expected: NO_PERSONALIZATION,
    });

  beforeEach(async () => {
    db = await openDatabase(location());
    await db.execute("DELETE FROM personalization_history");
    seller = await createSeller(sandbox.url, { listings: 1 });
    changer = { userId: seller.user_id, shopId: seller.shop_id as number };
    await storeSellerTokens(tokenStore(db), sandbox.url, seller.user_id, SCOPES);
    history = historyStore(db);
    marketplace = createMarketplace(sandboxMarketplaceConfig(sandbox.url, { timeoutMs: 2000 }), tokenStore(db));
    return () => db.close();
  });

  it.each([
    ["answered", false],
    ["whose answer is lost", true],
  ])("two saves at once, %s, write the listing once, and both say saved", async (_case, lost) => {
    const listingId = seller.listing_ids[0]!;
    if (lost)
      await sandboxControl(sandbox.url, "/faults", {
        method: "POST",
        path: path(listingId),
        status: 504,
        after_write: true,
      });
    const [first, second] = await Promise.all([save(listingId), save(listingId)]);
    expect(first).toMatchObject({ ok: true, data: [{ instructions: "Gift note" }] });
    expect(second).toMatchObject({ ok: true, data: [{ instructions: "Gift note" }] });
    expect(await writesTo(listingId)).toHaveLength(1);
    expect((await storedListing(sandbox.url, listingId)).personalization.personalization_questions).toMatchObject([
      { instructions: "Gift note", max_allowed_characters: 200 },
    ]);
    expect(await history.list(changer.shopId, listingId)).toMatchObject([
      { action: "save", outcome: "done", previous: NO_PERSONALIZATION, target: GIFT },
    ]);
  });

  it("a save waits for a write another process holds, then reads it back instead of writing over it", async () => {
    const listingId = seller.listing_ids[0]!;
    // Another instance has claimed the listing and is sending GIFT; it lands, and that instance settles it.
    const held = (await history.record({
      listingId,
      shopId: changer.shopId,
      userId: changer.userId,
      action: "save",
      previous: NO_PERSONALIZATION,
      target: GIFT,
    }))!;
    const waiting = save(listingId);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await writesTo(listingId)).toEqual([]);
    await sandboxControl(sandbox.url, "/requests", undefined, "DELETE");
    expect((await writeSnapshot(marketplace, changer, listingId, GIFT, "single")).ok).toBe(true);
    await history.settle(held, "done");
    await sandboxControl(sandbox.url, "/requests", undefined, "DELETE");
    expect(await waiting).toMatchObject({ ok: true, data: [{ instructions: "Gift note" }] });
    expect(await writesTo(listingId)).toEqual([]);
  });
});
