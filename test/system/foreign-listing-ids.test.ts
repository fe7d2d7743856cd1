import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callServerAction } from "../harness/server-action";
import { filledShopDashboard } from "../harness/filled-shop-dashboard";
import { signInOverHttp } from "../harness/http-sign-in";
import { createSeller } from "../harness/sandbox";
import { LISTING_STATES } from "../../lib/listings/query-keys";

// Listing ids of other shops, named by a grid address, a grid's edits or a change's selection: each is checked against
// the seller's kept listings (the mirror) before the marketplace is asked, so they cost the app's shared quota nothing.

let shop: Awaited<ReturnType<typeof filledShopDashboard>>;

const foreignIds = (count: number) => Array.from({ length: count }, (_, index) => 9_000_000_000 + index);
const action = (name: string, args: unknown[]) =>
  callServerAction(`${shop.dashboard.url}/listings`, name, args, shop.cookie);
const gridEdit = (listingId: number) => ({
  listingId,
  index: 0,
  questionId: null,
  instructions: "",
  limit: "",
  required: false,
  price: "",
  choices: "",
});

/** What `run` cost the marketplace, in requests the sandbox logged. */
async function marketplaceCost(run: () => Promise<unknown>) {
  const since = shop.lastRequestId();
  await run();
  return shop.marketplaceRequestsSince(since).length;
}

beforeAll(async () => {
  shop = await filledShopDashboard(5);
}, 120_000);

afterAll(async () => {
  await shop?.stop();
});

describe("the grid page, a plain GET another site can link to", () => {
  it("leaves out 1,000 listings of other shops, says how many, and asks the marketplace nothing about them", async () => {
    const [own] = shop.seller.listing_ids;
    let page = "";
    const cost = await marketplaceCost(async () => {
      const response = await shop.send(`/listings/grid?ids=${[own, ...foreignIds(1_000)].join(",")}`);
      expect(response.status).toBe(200);
      page = await response.text();
    });
    expect(page).toContain("1,000 of the listings in this address are not in your shop, so the grid leaves them out.");
    // The seller's own listing is read: one batch request.
    expect(cost).toBeLessThanOrEqual(1);
  });

  it("answers an address of other shops' listings alone without a marketplace request", async () => {
    const cost = await marketplaceCost(async () => {
      const page = await (await shop.send(`/listings/grid?ids=${foreignIds(1_000).join(",")}`)).text();
      expect(page).toContain("1,000 of the listings in this address are not in your shop");
    });
    expect(cost).toBe(0);
  });
});

describe("planning a change over listings named by id", () => {
  it("refuses 10,000 listings of other shops with a sentence, planning nothing and asking the marketplace nothing", async () => {
    for (const change of [{ kind: "text-required", required: true }, { kind: "remove-personalization" }]) {
      const cost = await marketplaceCost(async () => {
        const { result } = await action("planChangeAction", [
          { selection: { kind: "listings", listingIds: foreignIds(10_000) }, change },
        ]);
        expect(result).toEqual({
          ok: false,
          formError:
            "10,000 of the selected listings are not in your shop, so nothing was planned. Reload the page and select listings again.",
        });
      });
      expect(cost).toBe(0);
    }
  });

  it("refuses a selection with one listing of another shop among the seller's, before reading any", async () => {
    const cost = await marketplaceCost(async () => {
      const { result } = await action("planChangeAction", [
        {
          selection: { kind: "listings", listingIds: [...shop.seller.listing_ids, 9_000_000_000] },
          change: { kind: "text-required", required: true },
        },
      ]);
      expect(result).toMatchObject({
        ok: false,
        formError: expect.stringMatching(/^1 of the selected listings is not/),
      });
    });
    expect(cost).toBe(0);
  });

  it("refuses more listings than one request may name with the bound's sentence", async () => {
    const cost = await marketplaceCost(async () => {
      const { result } = await action("planChangeAction", [
        {
          selection: { kind: "listings", listingIds: foreignIds(12_101) },
          change: { kind: "text-required", required: true },
        },
      ]);
      expect(result).toEqual({
        ok: false,
        formError:
          "Select at most 12,100 listings at a time, as many as a shop's listings page can hold: nothing was read or planned. Select fewer listings and try again.",
      });
    });
    expect(cost).toBe(0);
  });
});

describe("planning a grid's edits", () => {
  it("refuses 6,000 edits of other shops' listings with a sentence and no marketplace request", async () => {
    const cost = await marketplaceCost(async () => {
      const { result } = await action("planGridAction", [{ edits: foreignIds(6_000).map(gridEdit) }]);
      expect(result).toEqual({
        ok: false,
        formError:
          "6,000 of the edited listings are not in your shop, so nothing was planned. Reload the page and edit the grid again.",
      });
    });
    expect(cost).toBe(0);
  });
});

describe("while the seller's shop is not yet mirrored", () => {
  let cookie: string;

  beforeAll(async () => {
    // A seller who has not opened the listings page, which starts the mirror.
    const seller = await createSeller(shop.sandbox.url, { listings: 3 });
    ({ cookie } = await signInOverHttp(shop.dashboard.url, seller));
  });

  const gridCost = (ids: number[]) =>
    marketplaceCost(async () => {
      const response = await fetch(`${shop.dashboard.url}/listings/grid?ids=${ids.join(",")}`, { headers: { cookie } });
      expect(await response.text()).toContain(`${ids.length.toLocaleString("en-US")} of the listings in this address`);
    });

  it("reads up to 100 named listings in the one request reading them takes", async () => {
    expect(await gridCost(foreignIds(100))).toBe(1);
  });

  it("reads the shop whole for more, a cost set by the shop and not by the ids named", async () => {
    const cost = await gridCost(foreignIds(500));
    expect(cost).toBeLessThanOrEqual(LISTING_STATES.length);
    expect(await gridCost(foreignIds(1_000))).toBe(cost);
    const planCost = await marketplaceCost(async () => {
      const { result } = await callServerAction(
        `${shop.dashboard.url}/listings`,
        "planChangeAction",
        [
          {
            selection: { kind: "listings", listingIds: foreignIds(10_000) },
            change: { kind: "remove-personalization" },
          },
        ],
        cookie,
      );
      expect(result).toMatchObject({ ok: false, formError: expect.stringMatching(/^10,000 of the selected listings/) });
    });
    expect(planCost).toBe(cost);
  });
});
