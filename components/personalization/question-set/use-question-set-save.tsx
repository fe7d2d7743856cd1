"use client";

import { useState, useTransition, type BaseSyntheticEvent } from "react";
import type { QuestionSetForm } from "@/lib/personalization/question-set";
import type { Listing, Question } from "@/lib/marketplace/wire";
import type { Snapshot } from "@/lib/personalization/snapshot";
import type { ActionResult } from "@/lib/actions/seller-action";
import { updateQuestionSetAction } from "@/app/listings/[id]/update-question-set";
import { removePersonalizationAction } from "@/app/listings/[id]/remove-personalization";
import { signInAgainPath } from "../../use-sign-in-on-expiry";
import { useFeedback } from "../../feedback/toast-context";
import { callAction } from "../../feedback/call-action";
import { ReloadPageButton } from "../../feedback/reload-page-button";
import { useSaveRecovery } from "../use-save-recovery";
import { useEditorBasis } from "../use-editor-basis";
import { notDone, useSaveControls } from "../use-save-controls";
import { SignInToAllowEditing } from "../sign-in-to-allow-editing";
import type { EditorDialog } from "../editor-dialogs";
import { keepQuestionSetDraft, valuesOf, type QuestionSetFormApi, type QuestionSetValues } from "./drafts";

// A text question without instructions leaves buyers guessing what to write, so a save that leaves one so asks first
// (one stored that way already is not asked about again; an upload's or a dropdown's title says what buyers give).
const withoutInstructions = (values: QuestionSetValues, loaded: Snapshot) =>
  values.questions.findIndex(
    (question) =>
      question.type === "text_input" &&
      question.instructions.trim() === "" &&
      !loaded.questions.some(
        (stored) =>
          question.questionId !== undefined && stored.id === question.questionId && stored.instructions.trim() === "",
      ),
  );

const savedText = (count: number) =>
  `Saved. Buyers are now asked ${count === 1 ? "this question" : `these ${count} questions`}.`;

/**
 * How the question set editor writes: a save (after a confirmation when a text question has no instructions,
 * recovered when the marketplace was busy), the marketplace's version taken instead, every question removed.
 */
export function useQuestionSetSave({
  listing,
  canEdit,
  form,
  onStored,
}: {
  listing: Listing;
  canEdit: boolean;
  form: QuestionSetFormApi;
  onStored: (listing: Listing) => void;
}) {
  const { handleSubmit, reset, getValues, formState } = form;
  const { notify, clear } = useFeedback();
  const [dialog, setDialog] = useState<EditorDialog<QuestionSetForm>>(null);
  const basis = useEditorBasis(listing, onStored);
  const [pending, startTransition] = useTransition();
  const controls = useSaveControls(canEdit, pending);
  const recovery = useSaveRecovery(listing.id);
  const here = `/listings/${listing.id}`;

  function failed(
    result: Extract<ActionResult<unknown>, { ok: false }>,
    verb: "save" | "remove",
    values?: QuestionSetForm,
  ) {
    if (result.reauth) {
      keepQuestionSetDraft(listing.id, getValues());
      window.location.assign(signInAgainPath(here, result.signIn));
      return;
    }
    basis.stay();
    if (result.olderPage)
      return notify({ tone: "error", text: result.formError, action: <ReloadPageButton /> }, { focus: true });
    if (result.changedSince && values) {
      setDialog({ changed: { values, theirs: result.changedSince } });
      return;
    }
    // "Nothing was changed: …" (a 409 or the period ending) already says what happened and what to do.
    const text = result.formError.startsWith("Nothing was changed")
      ? result.formError
      : `${notDone(result, verb)} ${result.formError}`;
    const action = result.missingScope ? (
      <SignInToAllowEditing here={here} keep={() => keepQuestionSetDraft(listing.id, getValues())} />
    ) : undefined;
    notify({ tone: "error", text, action }, { focus: true });
  }

  const stored = (questions: Question[]) => {
    basis.storedAs(questions);
    reset(valuesOf(questions));
  };

  const write = (values: QuestionSetForm, expected: Snapshot = basis.loaded) => {
    clear();
    recovery.cancel();
    startTransition(async () => {
      const result = await callAction(() =>
        updateQuestionSetAction({ listingId: listing.id, questions: values.questions, loaded: expected }),
      );
      if (!result.ok) {
        const recovering = recovery.recover(result, {
          retry: () => write(values, expected),
          saved: (questions) => (questions ? stored(questions) : reset(getValues())),
          savedText: savedText(values.questions.length),
        });
        if (recovering) {
          basis.stay();
          return;
        }
        return failed(result, "save", values);
      }
      basis.leaveIfAsked();
      stored(result.data);
      controls.focusSaveWhenDone.current = true;
      notify({ tone: "success", text: savedText(result.data.length) });
    });
  };

  const nothingToSave = formState.isDirty
    ? undefined
    : listing.questions.length === 0
      ? "Nothing to save: add a question first."
      : "Nothing to save: change a question first.";

  const save = (event?: BaseSyntheticEvent) => {
    event?.preventDefault();
    if (nothingToSave) return;
    return handleSubmit(
      (values) => {
        const index = withoutInstructions(getValues(), basis.loaded);
        if (index >= 0) setDialog({ noInstructions: values, index });
        else write(values);
      },
      () => {
        basis.stay();
        notify({ tone: "error", text: "Not saved. Some questions need attention: see the message next to each one." });
      },
    )(event);
  };

  // The marketplace's version replaces the form's; the seller chose it, having seen both.
  const takeTheirs = (theirs: Question[]) => {
    basis.storedAs(theirs);
    reset(valuesOf(theirs));
    notify({ tone: "info", text: "The form now shows what the marketplace asks buyers. Nothing was written." });
  };

  const removeAll = () => {
    clear();
    startTransition(async () => {
      const result = await callAction(() => removePersonalizationAction({ listingId: listing.id }));
      if (!result.ok) return failed(result, "remove");
      onStored({ ...listing, isPersonalizable: false, questions: [], legacyDisagrees: false });
      reset({ questions: [] });
      controls.focusSaveWhenDone.current = true;
      notify({
        tone: "success",
        text: "Personalization removed. Buyers are no longer asked anything on this listing.",
      });
    });
  };

  return { pending, controls, dialog, setDialog, basis, nothingToSave, write, save, takeTheirs, removeAll };
}
