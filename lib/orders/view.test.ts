import { describe, expect, it } from "vitest";
import { orderFilterOf, ordersHref, parseOrdersView, queueFilterOf, sheetOptionsOf, viewWords } from "./view";

const words = (params: Record<string, string>, listingTitle?: string) =>
  viewWords(parseOrdersView(params), listingTitle);

describe("viewWords", () => {
  it("says nothing of a view with no filter", () => {
    expect(words({})).toEqual([]);
    expect(words({ q: "   ", page: "3" })).toEqual([]);
  });

  it("names the search words", () => {
    expect(words({ q: " ada " })).toEqual(["matching “ada”"]);
  });

  it("names the listing by its title where known, by its number otherwise", () => {
    expect(words({ listing: "1000000001" }, "Name necklace no. 1")).toEqual(["with “Name necklace no. 1”"]);
    expect(words({ listing: "1000000001" })).toEqual(["with listing 1000000001"]);
  });

  it("names the queue's due filter, which the sheet follows item by item", () => {
    expect(words({ due: "today" })).toEqual(["due to ship today"]);
    expect(words({ due: "overdue", q: "ada" })).toEqual(["matching “ada”", "overdue"]);
    expect(words({ due: "someday" })).toEqual([]);
  });

  it("names the week's filter with what it holds", () => {
    expect(words({ due: "week" })).toEqual(["due to ship in the next 7 days, overdue included"]);
  });

  it("names the dates, one or both ends", () => {
    expect(words({ from: "2026-11-01", to: "2026-11-14" })).toEqual(["placed 1 Nov 2026 to 14 Nov 2026"]);
    expect(words({ from: "2026-11-01", to: "2026-11-01" })).toEqual(["placed on 1 Nov 2026"]);
    expect(words({ from: "2026-11-01" })).toEqual(["placed on or after 1 Nov 2026"]);
    expect(words({ to: "2026-11-14" })).toEqual(["placed on or before 14 Nov 2026"]);
    expect(words({ from: "2026-13-45" })).toEqual([]);
  });

  it("names every filter set, in the order the filters stand", () => {
    expect(words({ q: "ada", listing: "5", from: "2026-11-01", to: "2026-11-14" }, "Name necklace")).toEqual([
      "matching “ada”",
      "with “Name necklace”",
      "placed 1 Nov 2026 to 14 Nov 2026",
    ]);
  });
});

describe("the queue's view in the URL", () => {
  it("reads the dates as the seller's days", () => {
    const view = parseOrdersView({ from: "2026-11-27", to: "2026-11-27" });
    expect(orderFilterOf(view, "America/Los_Angeles")).toEqual({
      from: Date.parse("2026-11-27T08:00:00Z") / 1000,
      to: Date.parse("2026-11-28T07:59:59Z") / 1000,
    });
  });

  it("sorts by the buyer's deadline when asked, by ship-by otherwise, and keeps the sort in the link", () => {
    expect(parseOrdersView({}).sort).toBe("ship-by");
    expect(parseOrdersView({ sort: "whenever" }).sort).toBe("ship-by");
    const view = parseOrdersView({ sort: "deadline", state: "waiting" });
    expect(queueFilterOf(view)).toMatchObject({ sort: "deadline", state: "waiting", openOnly: true });
    expect(ordersHref(view)).toBe("/orders?state=waiting&sort=deadline");
  });

  it("shows cancelled items when asked for them by name, as shipped ones", () => {
    expect(queueFilterOf(parseOrdersView({ state: "cancelled" })).openOnly).toBe(false);
    expect(queueFilterOf(parseOrdersView({ state: "cancelled-made" })).openOnly).toBe(true);
  });

  it("keeps the note filter in the link, names it, and carries it with the state to the sheet, to make by default", () => {
    const view = parseOrdersView({ note: "1", due: "today" });
    expect(queueFilterOf(view)).toMatchObject({ hasNote: true, due: "today" });
    expect(ordersHref(view, "/orders/sheet")).toBe("/orders/sheet?due=today&note=1");
    expect(viewWords(view)).toEqual(["due to ship today", "with a note from the buyer"]);
    expect(sheetOptionsOf(view, {})).toEqual({ state: "to-make", onHold: false });
    expect(sheetOptionsOf(parseOrdersView({ state: "made" }), { hold: "1" })).toEqual({ state: "made", onHold: true });
  });
});
