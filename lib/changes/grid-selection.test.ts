import { describe, expect, it } from "vitest";
import { selectionOfGridSearch } from "./grid-selection";
import { MAX_SELECTED_LISTINGS, TOO_MANY_LISTINGS } from "./selection-schema";

const ids = (count: number) => Array.from({ length: count }, (_, index) => 1_000_000_001 + index).join(",");

describe("the selection a grid address names", () => {
  it("takes up to as many listings as a shop's listings page can hold", () => {
    expect(selectionOfGridSearch({ ids: ids(MAX_SELECTED_LISTINGS) })).toMatchObject({
      ok: true,
      selection: { kind: "listings" },
    });
  });

  it("refuses one listing more with a sentence saying how many it takes", () => {
    expect(selectionOfGridSearch({ ids: ids(MAX_SELECTED_LISTINGS + 1) })).toEqual({
      ok: false,
      message: TOO_MANY_LISTINGS,
    });
    expect(TOO_MANY_LISTINGS).toContain("at most 12,100 listings");
  });

  it("sends an address that names nothing back to the listings page", () => {
    expect(selectionOfGridSearch({ ids: "" })).toEqual({
      ok: false,
      message: "Select listings on the listings page, then choose Edit in a grid.",
    });
  });
});
