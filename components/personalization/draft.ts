import type { QuestionForm } from "@/lib/personalization/schema";
import { isKeptInTab, keepInTab, takeFromTab } from "../tab-storage";

const key = (listingId: number) => `personalization-draft:${listingId}`;

export const keepDraft = (listingId: number, values: QuestionForm) => keepInTab(key(listingId), values);

export const hasDraft = (listingId: number) => isKeptInTab(key(listingId));

export function takeDraft(listingId: number): Partial<QuestionForm> | undefined {
  const draft = takeFromTab(key(listingId));
  if (typeof draft !== "object" || draft === null) return undefined;
  const kept = draft as Record<string, unknown>;
  return {
    instructions: typeof kept.instructions === "string" ? kept.instructions : undefined,
    maxAllowedCharacters: typeof kept.maxAllowedCharacters === "number" ? kept.maxAllowedCharacters : undefined,
    required: typeof kept.required === "boolean" ? kept.required : undefined,
  };
}
