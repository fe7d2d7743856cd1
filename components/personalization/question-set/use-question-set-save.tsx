"use client";

import type { BaseSyntheticEvent } from "react";
import type { Listing, Question } from "@/lib/marketplace/wire";
import type { Snapshot } from "@/lib/personalization/snapshot";
import { updateQuestionSetAction } from "@/app/listings/[id]/update-question-set";
import { signInAgainPath } from "../../use-sign-in-on-expiry";
import { useFeedback } from "../../feedback/toast-context";
import { notDone } from "../use-save-controls";
import { useEditorWrites } from "../use-editor-writes";
import {
  keepQuestionSetDraft,
  takeQuestionSetDraft,
  valuesOf,
  type QuestionSetFormApi,
  type QuestionSetValues,
} from "../../questions/drafts";

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

/**
 * How the question set editor writes: a save only when something changed, after a confirmation when a text question
 * has no instructions; the rest is both editors' (use-editor-writes.tsx).
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
  onStored: (questions: Question[]) => void;
}) {
  const { handleSubmit, reset, getValues, formState } = form;
  const { notify } = useFeedback();
  const keep = () => keepQuestionSetDraft(listing.id, getValues());
  const signInAgain = (reason?: Parameters<typeof signInAgainPath>[1]) => {
    keep();
    window.location.assign(signInAgainPath(`/listings/${listing.id}`, reason));
  };
  const writes = useEditorWrites({
    listing,
    canEdit,
    form,
    onStored,
    valuesOf,
    send: ({ questions }, loaded) => updateQuestionSetAction({ listingId: listing.id, questions, loaded }),
    resetSaved: () => reset(getValues()),
    savedText: ({ questions }) =>
      `Saved. Buyers are now asked ${questions.length === 1 ? "this question" : `these ${questions.length} questions`}.`,
    removedText: "Personalization removed. Buyers are no longer asked anything on this listing.",
    keepDraft: keep,
    takeDraft: () => takeQuestionSetDraft(listing.id),
    signInAgain,
    refused: (result, verb, action) => {
      // "Nothing was changed: …" (a 409 or the period ending) already says what happened and what to do.
      const text = result.formError.startsWith("Nothing was changed")
        ? result.formError
        : `${notDone(result, verb)} ${result.formError}`;
      notify({ tone: "error", text, action }, { focus: true });
    },
  });

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
        const index = withoutInstructions(getValues(), writes.loaded);
        if (index >= 0) writes.setDialog({ noInstructions: values, index });
        else writes.write(values);
      },
      () => {
        writes.stay();
        notify({ tone: "error", text: "Not saved. Some questions need attention: see the message next to each one." });
      },
    )(event);
  };

  return { ...writes, nothingToSave, save, signInAgain };
}
