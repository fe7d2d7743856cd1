"use client";

import type { BaseSyntheticEvent } from "react";
import { useRouter } from "next/navigation";
import type { UseFormReturn } from "react-hook-form";
import type { QuestionForm as QuestionValues } from "@/lib/personalization/schema";
import type { Listing, Question } from "@/lib/marketplace/wire";
import { updatePersonalizationAction } from "@/app/listings/[id]/update-personalization";
import { signInAgainPath } from "../use-sign-in-on-expiry";
import { useFeedback } from "../feedback/toast-context";
import { isKeptInTab, keepInTab, takeFromTab } from "../tab-storage";
import { notDone } from "./use-save-controls";
import { useEditorWrites } from "./use-editor-writes";

const SAVED = "Saved. Buyers are now asked this question.";
export const NEW_QUESTION: QuestionValues = { instructions: "", maxAllowedCharacters: 100, required: false };

/** The form's values for a listing's stored question, or a new question's. */
export const valuesOf = (question: Question | undefined): QuestionValues =>
  question
    ? {
        instructions: question.instructions,
        maxAllowedCharacters: question.maxAllowedCharacters ?? 100,
        required: question.required,
      }
    : NEW_QUESTION;

const draftKey = (listingId: number) => `personalization-draft:${listingId}`;

export const hasDraft = (listingId: number) => isKeptInTab(draftKey(listingId));

/** The form's values with what the seller typed before signing in again, kept in this tab; each field checked. */
export function takeDraft(listingId: number, current: QuestionValues): QuestionValues | undefined {
  const draft = takeFromTab(draftKey(listingId));
  if (typeof draft !== "object" || draft === null) return undefined;
  const kept = draft as Record<string, unknown>;
  return {
    instructions: typeof kept.instructions === "string" ? kept.instructions : current.instructions,
    maxAllowedCharacters:
      typeof kept.maxAllowedCharacters === "number" ? kept.maxAllowedCharacters : current.maxAllowedCharacters,
    required: typeof kept.required === "boolean" ? kept.required : current.required,
  };
}

/**
 * How the one-question editor writes: a save after a confirmation when it has no instructions, and a refusal's rule
 * shown next to the field it names; the rest is both editors' (use-editor-writes.tsx).
 */
export function useQuestionSave({
  listing,
  canEdit,
  form,
  onStored,
}: {
  listing: Listing;
  canEdit: boolean;
  form: UseFormReturn<QuestionValues>;
  onStored: (questions: Question[]) => void;
}) {
  const { handleSubmit, setError, reset, getValues, setFocus } = form;
  const { notify } = useFeedback();
  const router = useRouter();
  const keep = () => keepInTab(draftKey(listing.id), getValues());
  const signInAgain = (reason?: Parameters<typeof signInAgainPath>[1]) => {
    keep();
    router.push(signInAgainPath(`/listings/${listing.id}`, reason));
  };
  const writes = useEditorWrites({
    listing,
    canEdit,
    form,
    onStored,
    valuesOf: (questions) => valuesOf(questions[0]),
    send: (question, loaded) => updatePersonalizationAction({ listingId: listing.id, question, loaded }),
    resetSaved: reset,
    savedText: () => SAVED,
    removedText: "Personalization removed. Buyers are no longer asked a question on this listing.",
    keepDraft: keep,
    takeDraft: () => takeDraft(listing.id, getValues()),
    signInAgain,
    refused: (result, verb, action) => {
      const fields = Object.entries(result.fieldErrors ?? {}).filter(([field]) => field in NEW_QUESTION);
      for (const [field, message] of fields) setError(field as keyof QuestionValues, { type: "server", message });
      // A field to correct takes focus; otherwise the message does, so the seller reads why and what to do.
      // The rule a field broke is shown once, next to that field; the message says where to look.
      const why =
        fields.length > 0 && !result.formError.startsWith("Some fields")
          ? "The marketplace refused what is in the form: see the message next to the field, correct it and save again."
          : result.formError;
      notify({ tone: "error", text: `${notDone(result, verb)} ${why}`, action }, { focus: fields.length === 0 });
      if (fields[0]) setFocus(fields[0][0] as keyof QuestionValues);
    },
  });

  const save = (event?: BaseSyntheticEvent) =>
    handleSubmit(
      (values) =>
        values.instructions.trim() === "" ? writes.setDialog({ noInstructions: values }) : writes.write(values),
      () => {
        writes.stay();
        notify({ tone: "error", text: "Not saved. Some fields need attention: see the message next to each one." });
      },
    )(event);

  return { ...writes, save, signInAgain };
}
