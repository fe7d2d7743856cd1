import { z } from "zod";
import { printsBadly } from "./answer-flags";

// A carrier and tracking code go to the marketplace, the buyer's notice and the carrier's systems as typed: they are
// checked by the rule an answer is flagged by, and refused before any request (docs/sellers.md, Orders).

const LINE_BREAK = /\n/;

function unprintable(text: string): string[] {
  return [...printsBadly(text), ...(LINE_BREAK.test(text) ? ["U+000A LINE FEED"] : [])];
}

const plainLine = (field: string, schema: z.ZodString) =>
  schema.superRefine((text, ctx) => {
    const found = unprintable(text);
    if (found.length > 0)
      ctx.addIssue({
        code: "custom",
        message: `The ${field} holds characters a buyer or carrier would not read as you see them (${found.join(", ")}). Retype the ${field} on one line, or paste it as plain text, then mark it shipped again.`,
      });
  });

export const trackingInput = z.object({
  carrierName: plainLine(
    "carrier name",
    z.string().trim().min(1, "Name the carrier.").max(100, "Keep the carrier under 100 characters."),
  ),
  trackingCode: plainLine(
    "tracking code",
    z.string().trim().min(1, "Type the tracking code.").max(100, "Keep the tracking code under 100 characters."),
  ),
});
