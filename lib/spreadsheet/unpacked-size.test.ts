import { describe, expect, it } from "vitest";
import { zipOf } from "../../test/harness/zip-of";
import { isZip, unpacksWithin } from "./unpacked-size";

describe("a zip's unpacked size", () => {
  it("takes a zip whose files unpack within the limit", async () => {
    const zip = await zipOf({ "a.xml": "<a/>".repeat(1000), "b.xml": "<b/>" });
    expect(isZip(zip)).toBe(true);
    expect(unpacksWithin(zip, 10_000)).toBe(true);
  });

  it("refuses a few kilobytes that unpack past the limit (a zip bomb), whatever size the zip declares", async () => {
    for (const declared of [undefined, 100]) {
      const zip = await zipOf({ "sheet.xml": "0".repeat(20_000_000) }, declared);
      expect(zip.length).toBeLessThan(100_000);
      expect(unpacksWithin(zip, 10_000_000)).toBe(false);
    }
  });

  it("refuses what is not a zip", () => {
    const text = new TextEncoder().encode("listing_id,title\r\n1,Mug\r\n");
    expect(isZip(text)).toBe(false);
    expect(unpacksWithin(text, 10_000_000)).toBe(false);
  });
});
