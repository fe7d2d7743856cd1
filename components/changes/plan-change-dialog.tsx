"use client";

import { useRef, useState, useTransition, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { planChangeAction } from "@/app/changes/change-actions";
import type { ActionResult } from "@/lib/actions/seller-action";
import type { ChangeInput } from "@/lib/changes/change-input";
import type { Selection } from "@/lib/changes/selection-schema";
import type { QuestionForm } from "@/lib/personalization/question-set";
import { callAction } from "../feedback/call-action";
import { ReloadPageButton } from "../feedback/reload-page-button";
import { Button } from "../ui/button";
import { DialogFrame, useModal } from "../ui/dialog-frame";
import { keepChangeDraft, type ChangeDraft } from "./change-draft";
import { ChangeField, FIELD_CLASS } from "./change-field";
import { changeOf, DEFAULT_VALUES, KINDS, type Kind, type Values } from "./change-kinds";
import { AddQuestionStep } from "./add-question-step";
import { plural } from "./plan-words";
import { QuestionSetStep, ReviewButtons } from "./question-set-step";
import { signInAgainPath } from "../use-sign-in-on-expiry";

type PlanChangeFailure = Extract<ActionResult<unknown>, { ok: false }>;

/** Why the change could not be planned, each field's rule, and the way on: sign in again or reload an older page. */
function PlanChangeError({ error, keepDraft }: { error: PlanChangeFailure; keepDraft: () => void }) {
  return (
    <div role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200">
      <p>{error.formError}</p>
      {error.fieldErrors && (
        <ul className="mt-1 list-disc pl-5">
          {Object.entries(error.fieldErrors).map(([name, message]) => (
            <li key={name}>{message}</li>
          ))}
        </ul>
      )}
      {error.signIn && (
        <Button
          variant="dark"
          className="mt-2"
          onClick={() => {
            keepDraft();
            window.location.assign(signInAgainPath(window.location.pathname + window.location.search, error.signIn));
          }}
        >
          Sign in again
        </Button>
      )}
      {error.olderPage && <ReloadPageButton keep={keepDraft} />}
    </div>
  );
}

/**
 * Every kind of change to many listings: a whole question set, one field of the text question, a question added or
 * removed, or no personalization at all. What follows is the review of each listing's before → after, then the apply.
 */
export function PlanChangeDialog({
  selection,
  selectedCount,
  onClose,
  questionSet = false,
  draft,
}: {
  selection: Selection;
  selectedCount: number;
  onClose: () => void;
  questionSet?: boolean;
  /** What the seller had typed before signing in again. */
  draft?: ChangeDraft<Values> | null;
}) {
  const dialog = useModal();
  const router = useRouter();
  const [planning, startTransition] = useTransition();
  const [error, setError] = useState<PlanChangeFailure>();
  const [notice, setNotice] = useState<string>();
  const [values, setValues] = useState<Values>({ ...DEFAULT_VALUES, ...draft?.values });
  // The question set last sent for review: kept with the values if the dashboard's sign-in has ended meanwhile.
  const reviewed = useRef<QuestionForm[] | undefined>(draft?.questions);
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const cancel = () => dialog.current?.close();

  function plan(change: ChangeInput) {
    setError(undefined);
    setNotice(undefined);
    if (change.kind === "replace-set" || change.kind === "add-question") reviewed.current = change.questions;
    startTransition(async () => {
      const result = await callAction(() => planChangeAction({ selection, change }));
      if (!result.ok) return setError(result);
      if (result.data.planId === null) return setNotice(result.data.message);
      router.push(`/changes/${result.data.planId}`);
    });
  }

  const { kind } = values;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (kind !== "replace-set" && kind !== "add-question") plan(changeOf({ ...values, kind }));
  }

  const said = (
    <>
      {error && (
        <PlanChangeError error={error} keepDraft={() => keepChangeDraft({ values, questions: reviewed.current })} />
      )}
      {notice && (
        <p role="status" className="mt-4 rounded-md bg-stone-100 p-3 text-sm text-stone-900 ring-1 ring-stone-300">
          {notice}
        </p>
      )}
    </>
  );

  return (
    <DialogFrame
      dialogRef={dialog}
      name="plan-change"
      heading={`Change ${plural(selectedCount, "listing")}`}
      text="Only what you choose here changes. You review every listing's before and after, then apply; you can undo the whole change afterwards."
      width="max-w-2xl"
      // A confirmation opened inside (no instructions) closes by itself; React passes its close event up here.
      onClose={(event) => event.target === event.currentTarget && onClose()}
    >
      <label className="mt-4 block font-medium">
        What to change
        <select value={kind} onChange={(event) => set("kind", event.target.value as Kind)} className={FIELD_CLASS}>
          {KINDS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      {kind === "add-question" ? (
        <>
          {said}
          <AddQuestionStep
            initial={draft?.values.kind === "add-question" ? draft.questions?.[0] : undefined}
            pricing={{ offered: questionSet }}
            listings={`these ${selectedCount === 1 ? "listing" : `${selectedCount} listings`}`}
            busy={planning}
            onReview={(question) => plan({ kind: "add-question", questions: [question] })}
            onCancel={cancel}
          />
        </>
      ) : kind === "replace-set" ? (
        <>
          {said}
          <QuestionSetStep
            questionSet={questionSet}
            initial={draft?.questions}
            busy={planning}
            onReview={(questions: QuestionForm[]) => plan({ kind: "replace-set", questions })}
            onCancel={cancel}
          />
        </>
      ) : (
        <form onSubmit={submit} noValidate>
          <ChangeField kind={kind} values={values} set={set} />
          {said}
          <div className="mt-6">
            <ReviewButtons onCancel={cancel} busy={planning} />
          </div>
        </form>
      )}
    </DialogFrame>
  );
}
