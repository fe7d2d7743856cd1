"use client";

import { useState, useTransition, type BaseSyntheticEvent } from "react";
import { useRouter } from "next/navigation";
import { useQueryClient } from "@tanstack/react-query";
import type { UseFormReturn } from "react-hook-form";
import type { QuestionForm as QuestionValues } from "@/lib/personalization/schema";
import type { Snapshot } from "@/lib/personalization/snapshot";
import type { Listing, Question } from "@/lib/marketplace/wire";
import type { ActionResult } from "@/lib/actions/seller-action";
import { updatePersonalizationAction } from "@/app/listings/[id]/update-personalization";
import { removePersonalizationAction } from "@/app/listings/[id]/remove-personalization";
import { signInAgainPath } from "../use-sign-in-on-expiry";
import { useFeedback } from "../feedback/toast-context";
import { callAction } from "../feedback/call-action";
import { ReloadPageButton } from "../feedback/reload-page-button";
import { SignInToAllowEditing } from "./sign-in-to-allow-editing";
import { keepDraft } from "./draft";
import { notDone, useSaveControls } from "./use-save-controls";
import { useSaveRecovery } from "./use-save-recovery";
import { useEditorBasis } from "./use-editor-basis";
import type { EditorDialog } from "./editor-dialogs";
import { historyKey } from "./history-key";

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

/**
 * How the one-question editor writes: a save (after a confirmation when it has no instructions, recovered when the
 * marketplace was busy), the marketplace's version taken instead, the question removed, and the dialogs they open.
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
  onStored: (listing: Listing) => void;
}) {
  const { handleSubmit, setError, reset, getValues, setFocus } = form;
  const { notify, clear } = useFeedback();
  const queryClient = useQueryClient();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const controls = useSaveControls(canEdit, pending);
  const [dialog, setDialog] = useState<EditorDialog<QuestionValues>>(null);
  const basis = useEditorBasis(listing, onStored);
  const recovery = useSaveRecovery(listing.id);
  const here = `/listings/${listing.id}`;

  function failed(
    result: Extract<ActionResult<unknown>, { ok: false }>,
    values: QuestionValues,
    verb: "save" | "remove",
  ) {
    if (result.reauth) {
      keepDraft(listing.id, values);
      router.push(signInAgainPath(here, result.signIn));
      return;
    }
    basis.stay();
    if (result.olderPage)
      return notify({ tone: "error", text: result.formError, action: <ReloadPageButton /> }, { focus: true });
    if (result.changedSince && verb === "save") {
      setDialog({ changed: { values, theirs: result.changedSince } });
      return;
    }
    // A write whose outcome is unknown is in the history as such.
    void queryClient.invalidateQueries({ queryKey: historyKey(listing.id) });
    const fields = Object.entries(result.fieldErrors ?? {}).filter(([field]) => field in NEW_QUESTION);
    for (const [field, message] of fields) setError(field as keyof QuestionValues, { type: "server", message });
    const action = result.missingScope ? (
      <SignInToAllowEditing here={here} keep={() => keepDraft(listing.id, getValues())} />
    ) : undefined;
    // A field to correct takes focus; otherwise the message does, so the seller reads why and what to do.
    // The rule a field broke is shown once, next to that field; the message says where to look.
    const why =
      fields.length > 0 && !result.formError.startsWith("Some fields")
        ? "The marketplace refused what is in the form: see the message next to the field, correct it and save again."
        : result.formError;
    notify({ tone: "error", text: `${notDone(result, verb)} ${why}`, action }, { focus: fields.length === 0 });
    if (fields[0]) setFocus(fields[0][0] as keyof QuestionValues);
  }

  const stored = (questions: Question[]) => {
    basis.storedAs(questions);
    reset(valuesOf(questions[0]));
  };

  const write = (values: QuestionValues, expected: Snapshot = basis.loaded) => {
    clear();
    recovery.cancel();
    startTransition(async () => {
      const result = await callAction(() =>
        updatePersonalizationAction({ listingId: listing.id, question: values, loaded: expected }),
      );
      if (!result.ok) {
        const recovering = recovery.recover(result, {
          retry: () => write(values, expected),
          saved: (questions) => (questions ? stored(questions) : reset(values)),
          savedText: SAVED,
        });
        if (recovering) {
          basis.stay();
          return void queryClient.invalidateQueries({ queryKey: historyKey(listing.id) });
        }
        return failed(result, values, "save");
      }
      basis.leaveIfAsked();
      stored(result.data);
      controls.focusSaveWhenDone.current = true;
      notify({ tone: "success", text: SAVED });
    });
  };

  const save = (event?: BaseSyntheticEvent) =>
    handleSubmit(
      (values) => (values.instructions.trim() === "" ? setDialog({ noInstructions: values }) : write(values)),
      () => {
        basis.stay();
        notify({ tone: "error", text: "Not saved. Some fields need attention: see the message next to each one." });
      },
    )(event);

  // The marketplace's version replaces the form's; the seller chose it, having seen both.
  const takeTheirs = (theirs: Question[]) => {
    basis.storedAs(theirs);
    reset(valuesOf(theirs[0]));
    notify({ tone: "info", text: "The form now shows what the marketplace asks buyers. Nothing was written." });
  };

  const remove = () => {
    clear();
    startTransition(async () => {
      const result = await callAction(() => removePersonalizationAction({ listingId: listing.id }));
      if (!result.ok) return failed(result, getValues(), "remove");
      reset(NEW_QUESTION);
      notify({
        tone: "success",
        text: "Personalization removed. Buyers are no longer asked a question on this listing.",
      });
      onStored({ ...listing, isPersonalizable: false, questions: [], legacyDisagrees: false });
    });
  };

  return { pending, controls, dialog, setDialog, basis, write, save, takeTheirs, remove };
}
