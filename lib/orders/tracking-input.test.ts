import { describe, expect, it } from "vitest";
import { trackingInput } from "./tracking-input";

const refusals = (tracking: { carrierName: string; trackingCode: string }) => {
  const parsed = trackingInput.safeParse(tracking);
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
};

describe("a shipment's carrier and tracking code as a seller types them", () => {
  it.each([
    ["U+202E", "9400\u202e1111", "U+202E RIGHT-TO-LEFT OVERRIDE"],
    ["U+200B", "9400\u200b1111", "U+200B (invisible)"],
    ["NUL", "9400\u00001111", "U+0000 NULL"],
    ["CR", "9400\r1111", "U+000D CARRIAGE RETURN"],
    ["LF", "9400\n1111", "U+000A LINE FEED"],
  ])("refuses a tracking code with %s, naming the field and the character", (_name, trackingCode, named) => {
    expect(refusals({ carrierName: "usps", trackingCode })).toEqual([
      `trackingCode: The tracking code holds characters a buyer or carrier would not read as you see them (${named}). Retype the tracking code on one line, or paste it as plain text, then mark it shipped again.`,
    ]);
  });

  it("refuses a carrier name with a direction override or a line break, naming the carrier name", () => {
    expect(refusals({ carrierName: "us\u202eps", trackingCode: "94001111" })).toEqual([
      expect.stringMatching(/^carrierName: The carrier name holds characters .*\(U\+202E RIGHT-TO-LEFT OVERRIDE\)/),
    ]);
    expect(refusals({ carrierName: "us\r\nps", trackingCode: "94001111" })).toEqual([
      expect.stringMatching(/^carrierName: The carrier name .*\(U\+000D CARRIAGE RETURN, U\+000A LINE FEED\)/),
    ]);
  });

  it("takes a plain carrier and code, trimmed", () => {
    expect(trackingInput.parse({ carrierName: " usps ", trackingCode: "9400 1111\n" })).toEqual({
      carrierName: "usps",
      trackingCode: "9400 1111",
    });
  });
});
