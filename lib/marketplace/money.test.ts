import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatMoney, wholeNumber } from "./money";

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

describe("formatMoney", () => {
  it("writes a price in its currency, and a currency Intl does not know as its code", () => {
    expect(formatMoney({ amount: 1500, divisor: 100, currencyCode: "USD" })).toBe("$15.00");
    expect(formatMoney({ amount: 250, divisor: 100, currency_code: "EUR" })).toBe("€2.50");
    expect(formatMoney({ amount: 250, divisor: 100, currencyCode: "NOPE1" })).toBe("2.50 NOPE1");
  });
});
