import { beforeEach, describe, expect, it } from "vitest";
import { useSeededSandbox } from "../../test/harness/use-sandbox";
import { createSeller, sandboxControl } from "../../test/harness/sandbox";
import { DEMO_SELLERS } from "../../sandbox/store/seed";
import { openDatabase } from "../db/database";
import { tokenStore } from "../tokens/token-store";
import { createMarketplace, type Marketplace } from "../marketplace/client";
import { toWrite } from "../personalization/schema";
import { cachedShopListings, readAllListings, VIEW_READS_IN_FULL } from "./shop-listings";
import { storedListingWrites } from "../marketplace/write-counts";
import { sandboxMarketplaceConfig, storeSellerTokens } from "../../test/harness/seller-marketplace";

const sandbox = useSeededSandbox();
const BO = DEMO_SELLERS.bo as { user_id: number; shop_id: number };
const seller = { userId: BO.user_id, shopId: BO.shop_id };
const SCOPES = ["listings_r", "listings_w", "shops_r"];

type Logged = { method: string; path: string; status: number };
const listingReads = async () =>
  ((await sandboxControl(sandbox.url, "/requests")).body.requests as Logged[]).filter(
    (entry) => entry.method === "GET" && entry.path === `/v3/application/shops/${BO.shop_id}/listings`,
  );

let client: Marketplace;
let tokens: ReturnType<typeof tokenStore>;

beforeEach(async () => {
  tokens = tokenStore(await openDatabase(":memory:"));
  const config = sandboxMarketplaceConfig(sandbox.url);
  client = createMarketplace(config, tokens);
  await storeSellerTokens(tokens, sandbox.url, BO.user_id, SCOPES);
  await sandboxControl(sandbox.url, "/requests", undefined, "DELETE");
});

describe("a shop's listings of one state", () => {
  it("reads all 240 of Bo's active listings in pages of 100, personalization included, each once", async () => {
    const result = await readAllListings(client, seller, "active");
    if (!result.ok) throw new Error(result.failure.kind);
    expect(result.data).toHaveLength(240);
    expect(new Set(result.data.map((listing) => listing.id)).size).toBe(240);
    expect(result.data.find((listing) => listing.title === "Bulk item 001")?.questions).toMatchObject([
      { instructions: "Initials for item 1", maxAllowedCharacters: 3 },
    ]);
    expect(await listingReads()).toHaveLength(3);
  });

  it("serves a second look from the cache, and reads again after the dashboard writes to the shop", async () => {
    // A user of its own, so another test's cache entries cannot answer for this one.
    const first = await cachedShopListings(client, seller, "inactive");
    const second = await cachedShopListings(client, seller, "inactive");
    expect(second).toEqual(first);
    expect(await listingReads()).toHaveLength(1);

    const inactive = first.ok ? first.data.listings[0]! : undefined;
    await client.updateListingPersonalization(
      BO.user_id,
      BO.shop_id,
      inactive!.id,
      toWrite({ instructions: "Monogram", maxAllowedCharacters: 3, required: true }),
    );
    const afterWrite = await cachedShopListings(client, seller, "inactive");
    expect(await listingReads()).toHaveLength(2);
    expect(
      afterWrite.ok && afterWrite.data.listings.find((listing) => listing.id === inactive!.id)?.questions,
    ).toMatchObject([{ instructions: "Monogram", required: true }]);
  });

  it("shares one read between requests that arrive together, and reads again when asked for fresh data", async () => {
    await Promise.all([
      cachedShopListings(client, seller, "draft", { fresh: true }),
      cachedShopListings(client, seller, "draft"),
      cachedShopListings(client, seller, "draft"),
    ]);
    expect(await listingReads()).toHaveLength(1);
    await cachedShopListings(client, seller, "draft", { fresh: true });
    expect(await listingReads()).toHaveLength(2);
  });

  it("does not keep a failed read", async () => {
    await sandboxControl(sandbox.url, "/faults", {
      method: "GET",
      path: `/v3/application/shops/${BO.shop_id}/listings`,
      status: 500,
      times: 1,
    });
    const failed = await cachedShopListings(client, seller, "expired", { fresh: true });
    expect(failed.ok).toBe(false);
    const retried = await cachedShopListings(client, seller, "expired");
    expect(retried.ok && retried.data.listings).toHaveLength(5);
  });

  it("reads again after another worker or instance wrote to the shop (the count is in the shared database)", async () => {
    const shared = await openDatabase(":memory:");
    const store = tokenStore(shared);
    await storeSellerTokens(store, sandbox.url, BO.user_id, SCOPES);
    const config = sandboxMarketplaceConfig(sandbox.url);
    const here = createMarketplace(config, store, storedListingWrites(shared));
    await cachedShopListings(here, seller, "sold_out", { fresh: true });
    await cachedShopListings(here, seller, "sold_out");
    expect(await listingReads()).toHaveLength(1);

    // Another worker's client: its own object, the same database.
    await storedListingWrites(shared).note(BO.shop_id);
    expect(await here.listingWrites(BO.shop_id)).toBe(1);
    await cachedShopListings(here, seller, "sold_out");
    expect(await listingReads()).toHaveLength(2);
    expect(await storedListingWrites(await openDatabase(":memory:")).count(BO.shop_id)).toBe(0);
  });

  it("reads only the first page of a state larger than a view reads in full, and still all of it for a bulk change", async () => {
    const large = await createSeller(sandbox.url, { listings: VIEW_READS_IN_FULL + 50 });
    const shop = { userId: large.user_id, shopId: large.shop_id! };
    await storeSellerTokens(tokens, sandbox.url, large.user_id, SCOPES);
    const reads = async () =>
      ((await sandboxControl(sandbox.url, "/requests")).body.requests as Logged[]).filter(
        (entry) => entry.method === "GET" && entry.path === `/v3/application/shops/${large.shop_id}/listings`,
      ).length;

    const view = await cachedShopListings(client, shop, "active", { fresh: true });
    if (!view.ok) throw new Error(view.failure.kind);
    expect(view.data.count).toBe(VIEW_READS_IN_FULL + 50);
    expect(view.data.listings).toHaveLength(100);
    expect(await reads()).toBe(1);

    const all = await readAllListings(client, shop, "active");
    expect(all.ok && all.data).toHaveLength(VIEW_READS_IN_FULL + 50);
    expect(await reads()).toBe(1 + 11);
  });
});
