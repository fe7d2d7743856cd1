import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useSeededSandbox } from "../../test/harness/use-sandbox";
import { sandboxControl } from "../../test/harness/sandbox";
import { signedInSeller } from "../../test/harness/mirror-shop";
import { DEMO_APP } from "../../sandbox/store/seed";
import { db } from "../db";
import { KEPT_FRESH_MS, keptCopyFresh } from "./fresh-copy";
import { freshKeptListing, mirroredListings } from "./mirrored-listings";
import { shopMirror } from "./shop-mirror";

// Webhooks on: the dashboard's own database and settings, as a running dashboard has them.
const folder = mkdtempSync(join(tmpdir(), "fresh-copy-"));
process.env.DASHBOARD_DB = join(folder, "dashboard.db");
process.env.MARKETPLACE_WEBHOOK_SECRET = `whsec_${Buffer.from("a signing secret of thirty-two b").toString("base64")}`;
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const sandbox = useSeededSandbox();
const requestsSince = async (since: number) =>
  ((await sandboxControl(sandbox.url, "/requests")).body.requests as { id: number; path: string }[]).filter(
    (entry) => entry.id > since && entry.path.startsWith("/v3/"),
  );
const lastId = async () => (await requestsSince(0)).at(-1)?.id ?? 0;

describe("the kept copy while webhooks keep it fresh", () => {
  let seller: { userId: number; shopId: number };
  let listingIds: number[];

  beforeAll(async () => {
    Object.assign(process.env, {
      MARKETPLACE_API_URL: sandbox.url,
      MARKETPLACE_AUTH_URL: sandbox.url,
      MARKETPLACE_KEYSTRING: DEMO_APP.keystring,
      MARKETPLACE_SHARED_SECRET: DEMO_APP.shared_secret,
    });
    const database = await db();
    const signedIn = await signedInSeller(sandbox.url, database, 4);
    seller = signedIn.changer;
    listingIds = signedIn.seller.listing_ids;
    expect(await shopMirror(database, signedIn.marketplace).fill(seller)).toEqual({ ok: true, data: true });
  });

  it("serves a fresh view of the listings and the editor's listing with no marketplace request", async () => {
    const since = await lastId();
    const view = await mirroredListings(seller, "active", { fresh: true, keptWillDo: true });
    expect(view?.ok && view.data.map((listing) => listing.id).sort()).toEqual([...listingIds].sort());
    expect((await freshKeptListing(seller, listingIds[0]!))?.id).toBe(listingIds[0]);
    expect(await requestsSince(since)).toEqual([]);
  });

  it("is fresh only once filled and while something read the shop within KEPT_FRESH_MS", async () => {
    const database = await db();
    const shop = (await shopMirror(database, undefined as never).store.shop(seller.shopId))!;
    expect(keptCopyFresh(shop)).toBe(true);
    expect(keptCopyFresh(shop, shop.syncedAt! + KEPT_FRESH_MS)).toBe(false);
    expect(keptCopyFresh({ ...shop, status: "filling" })).toBe(false);
    expect(keptCopyFresh(null)).toBe(false);
  });

  it("still asks the marketplace when the seller asks it again", async () => {
    const since = await lastId();
    await mirroredListings(seller, "active", { fresh: true });
    expect((await requestsSince(since)).length).toBeGreaterThan(0);
  });

  it("does not serve another shop's listing from the copy", async () => {
    expect(await freshKeptListing({ ...seller, shopId: seller.shopId + 1 }, listingIds[0]!)).toBeNull();
  });
});
