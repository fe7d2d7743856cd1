import { z } from "zod";
import { printsBadly } from "./answer-flags";

// A tracking code goes to the marketplace, the buyer's notice and the carrier's systems as typed: it is checked by the
// rule an answer is flagged by, and refused before any request (docs/sellers.md, Orders). The carrier is one of a
// list (carriers.ts), so it needs no such check.

const LINE_BREAK = /\n/;

function unprintable(text: string): string[] {
  return [...printsBadly(text), ...(LINE_BREAK.test(text) ? ["U+000A LINE FEED"] : [])];
}

export const trackingCodeInput = z
  .string()
  .trim()
  .min(1, "Type the tracking code.")
  .max(100, "Keep the tracking code under 100 characters.")
  .superRefine((text, ctx) => {
    const found = unprintable(text);
    if (found.length > 0)
      ctx.addIssue({
        code: "custom",
        message: `The tracking code holds characters a buyer or carrier would not read as you see them (${found.join(", ")}). Retype it on one line, or paste it as plain text, then mark it shipped again.`,
      });
  });

/** The code's refusal in words, or its trimmed text. */
export function trackingCodeOf(text: string): { code: string } | { refusal: string } {
  const parsed = trackingCodeInput.safeParse(text);
  return parsed.success ? { code: parsed.data } : { refusal: parsed.error.issues[0]!.message };
}
