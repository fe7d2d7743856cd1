import { questionFormSchema, type QuestionForm } from "@/lib/personalization/schema";

// Unsaved edits survive a trip through the marketplace's sign-in in this tab's sessionStorage, never on a server.
const key = (listingId: number) => `personalization-draft:${listingId}`;

export function keepDraft(listingId: number, values: QuestionForm) {
  sessionStorage.setItem(key(listingId), JSON.stringify(values));
}

export function takeDraft(listingId: number): Partial<QuestionForm> | undefined {
  const raw = sessionStorage.getItem(key(listingId));
  if (raw === null) return undefined;
  sessionStorage.removeItem(key(listingId));
  try {
    const draft = JSON.parse(raw) as Record<string, unknown>;
    const shape = questionFormSchema.shape;
    return {
      instructions: typeof draft.instructions === "string" ? draft.instructions : undefined,
      maxAllowedCharacters: typeof draft.maxAllowedCharacters === "number" ? draft.maxAllowedCharacters : undefined,
      required: shape.required.safeParse(draft.required).success ? (draft.required as boolean) : undefined,
    };
  } catch {
    return undefined;
  }
}
