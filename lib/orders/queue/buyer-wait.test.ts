import { describe, expect, it } from "vitest";
import { buyerMessage, timeLeft } from "./buyer-wait";

const NOW = Date.parse("2026-11-28T15:00:00Z") / 1000;
const HOUR = 3600;

describe("waiting on the buyer", () => {
  it("says the time left in days and hours, hours, or minutes, and when the deadline passed", () => {
    expect(timeLeft(NOW + 2 * 24 * HOUR, NOW)).toBe("2 days left");
    expect(timeLeft(NOW + 25 * HOUR, NOW)).toBe("1 day 1 hour left");
    expect(timeLeft(NOW + 3 * HOUR + 5, NOW)).toBe("3 hours left");
    expect(timeLeft(NOW + 90, NOW)).toBe("1 minute left");
    expect(timeLeft(NOW, NOW)).toBe("deadline passed");
  });

  it("writes the buyer what to check, by when, what happens then, and the order's link", () => {
    const item = {
      buyerName: "Ravi Patel",
      receiptId: 4242,
      title: "Name necklace",
      deadline: NOW + 2 * 24 * HOUR,
      onDeadline: "go-ahead" as const,
      answers: [
        {
          title: "Name",
          type: "text_input",
          value: "Lily 🌸",
          addOn: null,
          flags: [{ kind: "prints-badly" as const, message: "May not print." }],
        },
        { title: "Colour", type: "dropdown", value: "Gold", addOn: null, flags: [] },
      ],
    };
    const text = buyerMessage(item, "http://localhost:4010/your/purchases/4242");
    expect(text).toContain("Hello Ravi Patel,");
    expect(text).toContain("- Name: “Lily 🌸” (May not print.)");
    expect(text).not.toContain("Gold");
    expect(text).toContain("by 30 Nov 2026");
    expect(text).toContain("I will make it exactly as you wrote it.");
    expect(text.endsWith("Your order: http://localhost:4010/your/purchases/4242")).toBe(true);
    expect(buyerMessage({ ...item, onDeadline: "hold" }, "u")).toContain(
      "I will hold your order until I hear from you.",
    );
  });
});
