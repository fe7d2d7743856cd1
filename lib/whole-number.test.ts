import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { wholeNumber } from "./whole-number";

describe("wholeNumber", () => {
  it("groups thousands as en-US does", () => {
    expect([0, 7, 999, 1_000, 10_000, 1_234_567, -4_500].map(wholeNumber)).toEqual([
      "0",
      "7",
      "999",
      "1,000",
      "10,000",
      "1,234,567",
      "-4,500",
    ]);
    fc.assert(
      fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (count) => {
        expect(wholeNumber(count)).toBe(count.toLocaleString("en-US"));
      }),
    );
  });
});
