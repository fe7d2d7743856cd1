import { describe, expect, it } from "vitest";
import { formatMoney } from "./money";

describe("formatMoney", () => {
  it("writes a price in its currency, and a currency Intl does not know as its code", () => {
    expect(formatMoney({ amount: 1500, divisor: 100, currencyCode: "USD" })).toBe("$15.00");
    expect(formatMoney({ amount: 250, divisor: 100, currency_code: "EUR" })).toBe("€2.50");
    expect(formatMoney({ amount: 250, divisor: 100, currencyCode: "NOPE1" })).toBe("2.50 NOPE1");
  });
});
