import { describe, expect, it } from "vitest";
import { counted } from "./count-words";

describe("counted", () => {
  it("says one in the singular, any other count in the plural", () => {
    expect([0, 1, 2].map((count) => counted(count, "order"))).toEqual(["0 orders", "1 order", "2 orders"]);
    expect(counted(1, "item")).toBe("1 item");
    expect(counted(1_200, "item")).toBe("1,200 items");
    expect(counted(2, "other open order")).toBe("2 other open orders");
  });
});
