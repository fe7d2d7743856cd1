import { describe, expect, it } from "vitest";
import { trackingCodeOf } from "./tracking-input";

describe("a shipment's tracking code as a seller types or pastes it", () => {
  it.each([
    ["U+202E", "9400\u202e1111", "U+202E RIGHT-TO-LEFT OVERRIDE"],
    ["U+200B", "9400\u200b1111", "U+200B (invisible)"],
    ["NUL", "9400\u00001111", "U+0000 NULL"],
    ["CR", "9400\r1111", "U+000D CARRIAGE RETURN"],
    ["LF", "9400\n1111", "U+000A LINE FEED"],
  ])("refuses a tracking code with %s, naming the character", (_name, trackingCode, named) => {
    expect(trackingCodeOf(trackingCode)).toEqual({
      refusal: `The tracking code holds characters a buyer or carrier would not read as you see them (${named}). Retype it on one line, or paste it as plain text, then mark it shipped again.`,
    });
  });

  it("refuses an empty or overlong code in words", () => {
    expect(trackingCodeOf("  ")).toEqual({ refusal: "Type the tracking code." });
    expect(trackingCodeOf("9".repeat(101))).toEqual({ refusal: "Keep the tracking code under 100 characters." });
  });

  it("takes a plain code, trimmed", () => {
    expect(trackingCodeOf(" 9400 1111\n")).toEqual({ code: "9400 1111" });
  });
});
