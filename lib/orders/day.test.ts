import { describe, expect, it } from "vitest";
import { dateBound, dayText, isTimeZone, localDay, remakeShipBy, REMAKE_DAYS, sellerDay } from "./day";

const at = (iso: string) => Date.parse(iso) / 1000;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

describe("the seller's day", () => {
  it("keeps 4 pm in California today, though it is past midnight in UTC", () => {
    const fourPm = at("2026-11-28T00:00:00Z");
    const day = sellerDay(fourPm, "America/Los_Angeles");
    expect(iso(day.start)).toBe("2026-11-27T08:00:00.000Z");
    expect(iso(day.end)).toBe("2026-11-28T08:00:00.000Z");
    expect(localDay(fourPm, "America/Los_Angeles")).toBe("2026-11-27");
    expect(localDay(fourPm, "UTC")).toBe("2026-11-28");
    // An item due at 6 pm on the 27th, California time, is due today there, and was overdue by UTC's day.
    const shipBy = at("2026-11-28T02:00:00Z");
    expect(shipBy >= day.start && shipBy < day.end).toBe(true);
    expect(shipBy < sellerDay(fourPm, "UTC").start).toBe(false);
  });

  it("turns at the seller's midnight, east of UTC too", () => {
    const day = sellerDay(at("2026-11-27T19:00:00Z"), "Asia/Kolkata");
    expect(iso(day.start)).toBe("2026-11-27T18:30:00.000Z");
    expect(dayText(day.start, "Asia/Kolkata")).toBe("28 Nov 2026");
  });

  it("counts a day of 25 hours when the clocks go back, and the 7 days ahead in whole days", () => {
    const day = sellerDay(at("2026-11-01T12:00:00Z"), "America/Los_Angeles");
    expect((day.end - day.start) / 3600).toBe(25);
    expect(iso(day.weekEnd)).toBe("2026-11-08T08:00:00.000Z");
  });

  it("reads a date filter's days in the seller's time zone, its end the day's last second", () => {
    expect(iso(dateBound("2026-03-08", "America/New_York"))).toBe("2026-03-08T05:00:00.000Z");
    expect(iso(dateBound("2026-03-08", "America/New_York", true))).toBe("2026-03-09T03:59:59.000Z");
    expect(iso(dateBound("2026-03-08", "UTC", true))).toBe("2026-03-08T23:59:59.000Z");
  });

  it("knows a time zone by its name and refuses a made-up one", () => {
    expect(isTimeZone("Europe/Paris")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
  });
});

describe("a remake's ship-by", () => {
  const now = at("2026-11-28T00:00:00Z");

  it("is today plus its listing's processing time, at the start of that day in the seller's time zone", () => {
    expect(iso(remakeShipBy(now, 5, "America/Los_Angeles"))).toBe("2026-12-02T08:00:00.000Z");
    expect(localDay(remakeShipBy(now, 1, "America/Los_Angeles"), "America/Los_Angeles")).toBe("2026-11-28");
  });

  it(`is today plus ${REMAKE_DAYS} days when the processing time is not known`, () => {
    expect(localDay(remakeShipBy(now, null, "UTC"), "UTC")).toBe("2026-12-01");
    expect(localDay(remakeShipBy(now, 0, "UTC"), "UTC")).toBe("2026-12-01");
  });
});
