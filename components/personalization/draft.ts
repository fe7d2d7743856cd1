import type { QuestionForm } from "@/lib/personalization/schema";

const key = (listingId: number) => `personalization-draft:${listingId}`;

export function keepDraft(listingId: number, values: QuestionForm) {
  sessionStorage.setItem(key(listingId), JSON.stringify(values));
}

export const hasDraft = (listingId: number) => sessionStorage.getItem(key(listingId)) !== null;

export function takeDraft(listingId: number): Partial<QuestionForm> | undefined {
  const raw = sessionStorage.getItem(key(listingId));
  if (raw === null) return undefined;
  sessionStorage.removeItem(key(listingId));
  try {
    const draft = JSON.parse(raw) as Record<string, unknown>;
    return {
      instructions: typeof draft.instructions === "string" ? draft.instructions : undefined,
      maxAllowedCharacters: typeof draft.maxAllowedCharacters === "number" ? draft.maxAllowedCharacters : undefined,
      required: typeof draft.required === "boolean" ? draft.required : undefined,
    };
  } catch {
    return undefined;
  }
}
