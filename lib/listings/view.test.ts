import { describe, expect, it } from "vitest";
import type { Listing } from "../marketplace/wire";
import { editorHref, neighboursIn, pageOfView, parseListingsView, viewParams, type ListingsView } from "./view";

const listing = (id: number, title: string, extra: Partial<Listing> = {}): Listing => ({
  id,
  shopId: 1,
  title,
  state: "active",
  isPersonalizable: false,
  questions: [],
  legacyDisagrees: false,
  ...extra,
});
const question = (required: boolean) => ({
  type: "text_input",
  title: "Personalization",
  instructions: "Name",
  required,
  maxAllowedCharacters: 20,
});

const view = (overrides: Partial<ListingsView> = {}): ListingsView => ({
  state: "active",
  q: "",
  filter: "all",
  sort: "title",
  page: 1,
  ...overrides,
});
const titles = (listings: Listing[]) => listings.map((each) => each.title);

describe("the listings view", () => {
  it("reads the URL, falling back to the first page of active listings by title for anything it does not know", () => {
    expect(
      parseListingsView({ state: "draft", q: "  ring ", filter: "required", sort: "price-desc", page: "3" }),
    ).toEqual(view({ state: "draft", q: "ring", filter: "required", sort: "price-desc", page: 3 }));
    expect(parseListingsView({ state: "deleted", filter: "odd", sort: "random", page: "-2" })).toEqual(view());
    expect(parseListingsView({ page: "abc", q: "x".repeat(500) }).q).toHaveLength(100);
  });

  it("writes only what differs from the defaults, and carries the view to the editor", () => {
    expect(viewParams(view()).toString()).toBe("state=active&page=1");
    expect(editorHref(7, view({ q: "gold ring", page: 2, sort: "updated" }))).toBe(
      "/listings/7?state=active&q=gold+ring&sort=updated&page=2",
    );
  });

  it("matches every word of the search in the title, in any case and order", () => {
    const listings = [listing(1, "Gold name ring"), listing(2, "Silver ring"), listing(3, "Gold necklace")];
    expect(titles(pageOfView(listings, view({ q: "RING gold" })).listings)).toEqual(["Gold name ring"]);
    expect(pageOfView(listings, view({ q: "bracelet" }))).toMatchObject({ count: 0, total: 3, listings: [] });
  });

  it("finds a listing by its number, with a # or inside the marketplace's address of it", () => {
    const listings = [listing(4417, "Ring"), listing(90210, "Mug 4417"), listing(55, "Cup")];
    const found = (q: string) => titles(pageOfView(listings, view({ q })).listings);
    expect(found("4417")).toEqual(["Mug 4417", "Ring"]);
    expect(found("#90210")).toEqual(["Mug 4417"]);
    expect(found("https://www.etsy.com/listing/55/blue-cup?ref=shop")).toEqual(["Cup"]);
    expect(found("12")).toEqual([]);
  });

  it("filters by whether buyers are asked a question, and whether it must be answered", () => {
    const listings = [
      listing(1, "Asks, optional", { questions: [question(false)] }),
      listing(2, "Asks, required", { questions: [question(true)] }),
      listing(3, "Asks nothing"),
    ];
    expect(titles(pageOfView(listings, view({ filter: "with" })).listings)).toEqual([
      "Asks, optional",
      "Asks, required",
    ]);
    expect(titles(pageOfView(listings, view({ filter: "none" })).listings)).toEqual(["Asks nothing"]);
    expect(titles(pageOfView(listings, view({ filter: "required" })).listings)).toEqual(["Asks, required"]);
  });

  it("sorts titles with their numbers in order, and prices and dates either way with the unknown ones last", () => {
    const listings = [
      listing(1, "Item 10", { priceAmount: 5, updatedAt: 300 }),
      listing(2, "Item 9", { priceAmount: 20, updatedAt: 100 }),
      listing(3, "Item 100"),
    ];
    expect(titles(pageOfView(listings, view()).listings)).toEqual(["Item 9", "Item 10", "Item 100"]);
    expect(titles(pageOfView(listings, view({ sort: "title-desc" })).listings)).toEqual([
      "Item 100",
      "Item 10",
      "Item 9",
    ]);
    expect(titles(pageOfView(listings, view({ sort: "price" })).listings)).toEqual(["Item 10", "Item 9", "Item 100"]);
    expect(titles(pageOfView(listings, view({ sort: "price-desc" })).listings)).toEqual([
      "Item 9",
      "Item 10",
      "Item 100",
    ]);
    expect(titles(pageOfView(listings, view({ sort: "updated" })).listings)).toEqual(["Item 10", "Item 9", "Item 100"]);
    expect(titles(pageOfView(listings, view({ sort: "updated-asc" })).listings)).toEqual([
      "Item 9",
      "Item 10",
      "Item 100",
    ]);
  });

  it("shows the last page for a page past the end: page 400 of 240 listings is page 10", () => {
    const listings = Array.from({ length: 240 }, (_, index) => listing(index + 1, `Bulk item ${index + 1}`));
    const shown = pageOfView(listings, view({ page: 400 }));
    expect(shown).toMatchObject({ page: 10, pages: 10, count: 240 });
    expect(titles(shown.listings)).toHaveLength(15);
    expect(shown.listings.at(-1)?.title).toBe("Bulk item 240");
  });

  it("says how many listings the state holds when only its first ones were read, and nothing more when all were", () => {
    const firstHundred = Array.from({ length: 100 }, (_, index) => listing(index + 1, `Item ${index + 1}`));
    expect(pageOfView(firstHundred, view(), 1_050)).toMatchObject({
      total: 100,
      count: 100,
      pages: 4,
      partialOf: 1_050,
    });
    expect(pageOfView(firstHundred, view(), 100)).not.toHaveProperty("partialOf");
    expect(pageOfView(firstHundred, view())).not.toHaveProperty("partialOf");
  });

  it("finds the listings before and after one in the view's order, with the page each is on", () => {
    const listings = Array.from({ length: 30 }, (_, index) => listing(index + 1, `Item ${index + 1}`));
    expect(neighboursIn(listings, view(), 25)).toEqual({
      position: 25,
      count: 30,
      previous: { id: 24, title: "Item 24", page: 1 },
      next: { id: 26, title: "Item 26", page: 2 },
    });
    expect(neighboursIn(listings, view({ sort: "title-desc" }), 30)).toMatchObject({
      position: 1,
      previous: null,
      next: { id: 29 },
    });
    expect(neighboursIn(listings, view({ q: "Item 3" }), 23)).toMatchObject({
      position: 3,
      count: 4,
      previous: { id: 13 },
      next: { id: 30 },
    });
    expect(neighboursIn(listings, view({ q: "Item 3" }), 4)).toBeNull();
  });
});
