"use client";

import { useEffect, useRef, useState, useTransition, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { planChangeAction } from "@/app/changes/change-actions";
import type { ChangeInput } from "@/lib/changes/change-input";
import type { Selection } from "@/lib/changes/selection-schema";
import type { QuestionForm } from "@/lib/personalization/question-set";
import { QUESTION_TYPE_NAMES, QUESTION_TYPES, type QuestionType } from "@/lib/personalization/question-types";
import { signInAgainPath } from "../use-sign-in-on-expiry";
import { callAction } from "../feedback/call-action";
import { ReloadPageButton } from "../feedback/reload-page-button";
import { keepChangeDraft, type ChangeDraft } from "./change-draft";
import { AddQuestionStep } from "./add-question-step";
import { QuestionSetStep, ReviewButtons } from "./question-set-step";

type Kind = ChangeInput["kind"];

const KINDS: { value: Kind; label: string }[] = [
  { value: "add-question", label: "Add a question" },
  { value: "replace-set", label: "Apply a question set (typed here or from a template)" },
  { value: "text-instructions", label: "The text question's instructions" },
  { value: "text-limit", label: "The text question's character limit" },
  { value: "text-required", label: "Whether buyers must answer the text question" },
  { value: "text-add-on-price", label: "The text question's add-on price" },
  { value: "remove-type", label: "Remove the questions of one type" },
  { value: "remove-personalization", label: "Remove personalization" },
];

export type Values = {
  kind: Kind;
  instructions: string;
  limit: string;
  required: boolean;
  price: string;
  type: QuestionType;
};

type FieldKind = Exclude<Kind, "replace-set" | "add-question">;

function changeOf(
  values: Values & { kind: FieldKind },
): Exclude<ChangeInput, { kind: "replace-set" | "add-question" }> {
  switch (values.kind) {
    case "text-instructions":
      return { kind: values.kind, instructions: values.instructions };
    case "text-limit":
      return { kind: values.kind, limit: Number(values.limit) };
    case "text-required":
      return { kind: values.kind, required: values.required };
    case "text-add-on-price":
      return { kind: values.kind, price: values.price };
    case "remove-type":
      return { kind: values.kind, type: values.type };
    case "remove-personalization":
      return { kind: "remove-personalization" };
  }
}

const DEFAULT_VALUES: Values = {
  kind: "add-question",
  instructions: "",
  limit: "100",
  required: false,
  price: "",
  type: "text_input",
};

type SignInReason = NonNullable<Extract<Awaited<ReturnType<typeof planChangeAction>>, { ok: false }>["signIn"]>;

const field = "mt-1 block w-full rounded-md px-3 py-2 ring-1 ring-stone-300";

type TextKey = { [K in keyof Values]: Values[K] extends string ? K : never }[keyof Values];
type FieldProps = { label: string; value: string; onChange: (value: string) => void };

function TextAreaField({ label, value, onChange }: FieldProps) {
  return (
    <label className="mt-3 block font-medium">
      {label}
      <textarea value={value} onChange={(event) => onChange(event.target.value)} rows={3} className={field} />
    </label>
  );
}

function NumberField({ label, value, onChange, max }: FieldProps & { max: number }) {
  return (
    <label className="mt-3 block font-medium">
      {label}
      <input
        type="number"
        min={1}
        max={max}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={field}
      />
    </label>
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
  const dialog = useRef<HTMLDialogElement>(null);
  const router = useRouter();
  const [planning, startTransition] = useTransition();
  const [error, setError] = useState<{
    form: string;
    fields?: Record<string, string>;
    signIn?: SignInReason;
    olderPage?: boolean;
  }>();
  const [notice, setNotice] = useState<string>();
  const [values, setValues] = useState<Values>({ ...DEFAULT_VALUES, ...draft?.values });
  // The question set last sent for review: kept with the values if the dashboard's sign-in has ended meanwhile.
  const reviewed = useRef<QuestionForm[] | undefined>(draft?.questions);
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const bind = (key: TextKey) => ({ value: values[key], onChange: (value: string) => set(key, value) });

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  function plan(change: ChangeInput) {
    setError(undefined);
    setNotice(undefined);
    if (change.kind === "replace-set" || change.kind === "add-question") reviewed.current = change.questions;
    startTransition(async () => {
      const result = await callAction(() => planChangeAction({ selection, change }));
      if (!result.ok)
        return setError({
          form: result.formError,
          fields: result.fieldErrors,
          signIn: result.signIn,
          olderPage: result.olderPage,
        });
      if (result.data.planId === null) return setNotice(result.data.message);
      router.push(`/changes/${result.data.planId}`);
    });
  }

  const { kind } = values;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (kind !== "replace-set" && kind !== "add-question") plan(changeOf({ ...values, kind }));
  }

  const noticeBox = notice && (
    <p role="status" className="mt-4 rounded-md bg-stone-100 p-3 text-sm text-stone-900 ring-1 ring-stone-300">
      {notice}
    </p>
  );

  const errorBox = error && (
    <div role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200">
      <p>{error.form}</p>
      {error.fields && (
        <ul className="mt-1 list-disc pl-5">
          {Object.entries(error.fields).map(([name, message]) => (
            <li key={name}>{message}</li>
          ))}
        </ul>
      )}
      {error.signIn && (
        <button
          type="button"
          className="mt-2 min-h-11 rounded-md bg-stone-900 px-4 font-medium text-white hover:bg-stone-700"
          onClick={() => {
            keepChangeDraft({ values, questions: reviewed.current });
            window.location.assign(signInAgainPath(window.location.pathname + window.location.search, error.signIn));
          }}
        >
          Sign in again
        </button>
      )}
      {error.olderPage && <ReloadPageButton keep={() => keepChangeDraft({ values, questions: reviewed.current })} />}
    </div>
  );

  return (
    <dialog
      ref={dialog}
      // A confirmation opened inside (no instructions) closes by itself; React passes its close event up here.
      onClose={(event) => event.target === event.currentTarget && onClose()}
      aria-labelledby="plan-change-heading"
      className="m-auto w-[calc(100%-2rem)] max-w-2xl rounded-xl p-6 shadow-xl backdrop:bg-black/40"
    >
      <h2 id="plan-change-heading" className="text-lg font-semibold">
        Change {selectedCount} {selectedCount === 1 ? "listing" : "listings"}
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        Only what you choose here changes. You review every listing&apos;s before and after, then apply; you can undo
        the whole change afterwards.
      </p>
      <label className="mt-4 block font-medium">
        What to change
        <select value={kind} onChange={(event) => set("kind", event.target.value as Kind)} className={field}>
          {KINDS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      {kind === "add-question" ? (
        <>
          {errorBox}
          {noticeBox}
          <AddQuestionStep
            initial={draft?.values.kind === "add-question" ? draft.questions?.[0] : undefined}
            pricing={{ offered: questionSet }}
            listings={`these ${selectedCount === 1 ? "listing" : `${selectedCount} listings`}`}
            busy={planning}
            onReview={(question) => plan({ kind: "add-question", questions: [question] })}
            onCancel={() => dialog.current?.close()}
          />
        </>
      ) : kind === "replace-set" ? (
        <>
          {errorBox}
          {noticeBox}
          <QuestionSetStep
            questionSet={questionSet}
            initial={draft?.questions}
            busy={planning}
            onReview={(questions: QuestionForm[]) => plan({ kind: "replace-set", questions })}
            onCancel={() => dialog.current?.close()}
          />
        </>
      ) : (
        <form onSubmit={submit} noValidate>
          {kind === "remove-type" && (
            <label className="mt-3 block font-medium">
              Question type
              <select
                value={values.type}
                onChange={(event) => set("type", event.target.value as QuestionType)}
                className={field}
              >
                {QUESTION_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {QUESTION_TYPE_NAMES[type]}
                  </option>
                ))}
              </select>
            </label>
          )}
          {kind === "text-instructions" && <TextAreaField label="Instructions" {...bind("instructions")} />}
          {kind === "text-limit" && <NumberField label="Character limit" max={1024} {...bind("limit")} />}
          {kind === "text-required" && (
            <label className="mt-3 flex items-center gap-2 font-medium">
              <input
                type="checkbox"
                checked={values.required}
                onChange={(event) => set("required", event.target.checked)}
                className="size-4"
              />
              Buyers must answer
            </label>
          )}
          {kind === "text-add-on-price" && (
            <label className="mt-3 block font-medium">
              Add-on price (empty removes it)
              <input
                inputMode="decimal"
                value={values.price}
                onChange={(event) => set("price", event.target.value)}
                placeholder="2.50"
                className={field}
              />
            </label>
          )}
          {errorBox}
          {noticeBox}
          <div className="mt-6">
            <ReviewButtons onCancel={() => dialog.current?.close()} busy={planning} />
          </div>
        </form>
      )}
    </dialog>
  );
}
