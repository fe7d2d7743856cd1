import { describe, expect, it } from "vitest";
import { KeptMap } from "./kept-map.js";

describe("KeptMap", () => {
  it("forgets everything once it holds its maximum, then keeps the new entry", () => {
    const kept = new KeptMap<string, number>(2);
    kept.set("a", 1).set("b", 2).set("c", 3);
    expect([...kept]).toEqual([["c", 3]]);
  });

  it("replaces a key it holds without forgetting the others, even when full", () => {
    const kept = new KeptMap<string, number>(2);
    kept.set("a", 1).set("b", 2).set("a", 10);
    expect([...kept]).toEqual([
      ["a", 10],
      ["b", 2],
    ]);
  });
});
