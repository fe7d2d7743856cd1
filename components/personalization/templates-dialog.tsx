"use client";

import { useEffect, useId, useRef, useState, useTransition } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchFromDashboard } from "@/lib/listings/query-keys";
import type { QuestionForm as QuestionValues } from "@/lib/personalization/schema";
import { sellerQuestionSchema } from "@/lib/personalization/editor-schema";
import { describeSnapshot } from "@/lib/personalization/snapshot";
import type { QuestionForm as SetQuestionValues } from "@/lib/personalization/question-set";
import { singleQuestionOf, TEMPLATE_NAME_MAX, templatesKey, type QuestionTemplate } from "@/lib/templates/template";
import { saveTemplateAction } from "@/app/listings/save-template";
import { deleteTemplateAction } from "@/app/listings/delete-template";
import { MODAL_CLASS, useModal } from "./use-modal";
import { callAction } from "../feedback/call-action";
import { keepInTab, takeFromTab } from "../tab-storage";

type Notice = { tone: "success" | "error"; text: string; signIn?: SignInReason };
type SignInReason = NonNullable<Extract<Awaited<ReturnType<typeof saveTemplateAction>>, { ok: false }>["signIn"]>;

// The name typed when a sign-in ended, offered again the next time the dialog opens.
const TYPED_NAME = "template-name";

function typedName() {
  const name = takeFromTab(TYPED_NAME);
  return typeof name === "string" ? name : "";
}

type Pending = { kind: "replace"; name: string } | { kind: "delete"; template: QuestionTemplate };

const NOTICE = {
  success: "bg-green-50 text-green-950 ring-green-300",
  error: "bg-red-50 text-red-950 ring-red-300",
};

export function QuestionTemplatesDialog({
  current,
  onApply,
  onClose,
  onSignIn,
}: {
  current: QuestionValues;
  onApply: (name: string, values: QuestionValues) => void;
  onClose: () => void;
  onSignIn: (reason: SignInReason) => void;
}) {
  const apply = (template: QuestionTemplate) => {
    const values = singleQuestionOf(template);
    if (values) onApply(template.name, values);
  };
  return (
    <TemplatesDialog
      current={{ question: current }}
      fits={(template) => singleQuestionOf(template) !== undefined}
      onApply={apply}
      onClose={onClose}
      onSignIn={onSignIn}
    />
  );
}

export type TemplateContent = { question: QuestionValues } | { questions: SetQuestionValues[] | null };

export function TemplatesDialog({
  current,
  fits,
  onApply,
  onClose,
  onSignIn,
}: {
  current: TemplateContent;
  fits: (template: QuestionTemplate) => boolean;
  onApply: (template: QuestionTemplate) => void;
  onClose: () => void;
  /** Keeps the editor's unsaved values, then goes to sign in again: the dashboard's session ended with the dialog open. */
  onSignIn: (reason: SignInReason) => void;
}) {
  const dialog = useModal();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: templatesKey,
    queryFn: () => fetchFromDashboard<QuestionTemplate[]>("/api/templates"),
  });
  const [name, setName] = useState(typedName);
  const [nameError, setNameError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [pending, startTransition] = useTransition();
  const [asking, setAsking] = useState<Pending | null>(null);
  const askHeading = useRef<HTMLParagraphElement>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (asking) askHeading.current?.focus();
  }, [asking]);
  const ids = useId();
  const several = "questions" in current;
  const content =
    "question" in current
      ? sellerQuestionSchema.safeParse(current.question).success
        ? current
        : null
      : current.questions
        ? current
        : null;

  // A read begun before the change would answer without it, so it is dropped and the list read again.
  const reread = async () => {
    await queryClient.cancelQueries({ queryKey: templatesKey });
    await queryClient.invalidateQueries({ queryKey: templatesKey });
  };

  const save = (replaceConfirmed = false) => {
    setNotice(null);
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError("Give the template a name, for example “Engraving”.");
      nameInput.current?.focus();
      return;
    }
    setNameError(null);
    if (!replaceConfirmed && query.data?.some((template) => template.name === trimmed)) {
      setAsking({ kind: "replace", name: trimmed });
      return;
    }
    setAsking(null);
    startTransition(async () => {
      if (!content) return;
      const result = await callAction(() => saveTemplateAction({ name: trimmed, ...content }));
      if (!result.ok) {
        if (result.fieldErrors?.name) {
          setNameError(result.fieldErrors.name);
          nameInput.current?.focus();
        }
        setNotice({ tone: "error", text: `Not saved. ${result.formError}`, signIn: result.signIn });
        return;
      }
      await reread();
      setName("");
      setNotice({
        tone: "success",
        text: result.data.replaced
          ? `Template “${trimmed}” replaced with ${several ? "these questions" : "this question"}.`
          : `Saved as template “${trimmed}”.`,
      });
    });
  };

  const remove = (template: QuestionTemplate) => {
    setNotice(null);
    setAsking(null);
    startTransition(async () => {
      const result = await callAction(() => deleteTemplateAction({ templateId: template.id }));
      await reread();
      setNotice(
        result.ok
          ? { tone: "success", text: `Template “${template.name}” deleted.` }
          : { tone: "error", text: `Not deleted. ${result.formError}`, signIn: result.signIn },
      );
    });
  };

  const secondary =
    "min-h-11 rounded-md px-3 py-2 text-sm font-medium ring-1 ring-stone-300 hover:bg-stone-100 disabled:opacity-50";
  return (
    <dialog ref={dialog} aria-labelledby={`${ids}-heading`} onClose={onClose} className={`${MODAL_CLASS} max-w-xl`}>
      <h2 id={`${ids}-heading`} className="text-lg font-semibold">
        Question templates
      </h2>
      <div role="status" aria-live="polite" className="mt-3 empty:hidden">
        {notice?.tone === "success" && (
          <p className={`rounded-lg p-3 text-sm ring-1 ${NOTICE.success}`}>{notice.text}</p>
        )}
      </div>
      <div role="alert" className="mt-3 empty:hidden">
        {notice?.tone === "error" && (
          <div className={`rounded-lg p-3 text-sm ring-1 ${NOTICE.error}`}>
            <p>{notice.text}</p>
            {notice.signIn && (
              <button
                type="button"
                className="mt-2 min-h-11 rounded-md bg-stone-900 px-4 font-medium text-white hover:bg-stone-700"
                onClick={() => {
                  keepInTab(TYPED_NAME, name);
                  onSignIn(notice.signIn!);
                }}
              >
                Sign in again
              </button>
            )}
          </div>
        )}
      </div>

      {asking && (
        <div className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-200">
          <p ref={askHeading} tabIndex={-1} className="font-medium outline-none">
            {asking.kind === "replace"
              ? `Replace template “${asking.name}”? What it holds now is lost.`
              : `Delete template “${asking.template.name}”? This cannot be undone.`}
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            <button
              type="button"
              disabled={pending}
              onClick={() => (asking.kind === "replace" ? save(true) : remove(asking.template))}
              className="min-h-11 rounded-md bg-red-800 px-3 py-2 font-medium text-white hover:bg-red-900 disabled:opacity-60"
            >
              {asking.kind === "replace" ? `Replace “${asking.name}”` : `Delete “${asking.template.name}”`}
            </button>
            <button type="button" onClick={() => setAsking(null)} className={secondary}>
              {asking.kind === "replace" ? "Keep the old template" : "Keep the template"}
            </button>
          </div>
        </div>
      )}

      <section aria-labelledby={`${ids}-save`} className="mt-4">
        <h3 id={`${ids}-save`} className="font-medium">
          Save the {several ? "questions" : "question"} in the form as a template
        </h3>
        {content ? (
          <form
            className="mt-2 flex flex-wrap items-end gap-3"
            data-keeps-draft
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              save();
            }}
          >
            <div className="min-w-0 grow">
              <label htmlFor={`${ids}-name`} className="block text-sm">
                Template name
              </label>
              <input
                ref={nameInput}
                id={`${ids}-name`}
                value={name}
                maxLength={TEMPLATE_NAME_MAX}
                onChange={(event) => setName(event.target.value)}
                aria-invalid={nameError ? true : undefined}
                aria-describedby={`${ids}-name-error`}
                className="mt-1 min-h-11 w-full rounded-md border border-stone-400 bg-white p-2"
              />
            </div>
            <button
              type="submit"
              disabled={pending}
              className="min-h-11 rounded-md bg-brand px-4 py-2 font-medium text-white hover:bg-brand-dark disabled:opacity-60"
            >
              Save as template
            </button>
            <p id={`${ids}-name-error`} className="w-full text-sm font-medium text-red-800 empty:hidden">
              {nameError}
            </p>
          </form>
        ) : (
          <p className="mt-2 text-sm text-stone-700">
            {several
              ? "The questions in the form do not follow the rules yet. Save them once to see what to correct, then save them as a template."
              : "The question in the form does not follow the rules yet. Correct it in the form, then save it as a template."}
          </p>
        )}
      </section>

      <section aria-labelledby={`${ids}-list`} className="mt-6">
        <h3 id={`${ids}-list`} className="font-medium">
          Your templates
        </h3>
        {query.isPending && <p className="mt-2 text-sm">Loading your templates…</p>}
        {query.isError && <p className="mt-2 text-sm text-red-800">{query.error.message}</p>}
        {query.data?.length === 0 && (
          <p className="mt-2 text-sm text-stone-700">
            No templates yet. Save the question above to reuse it on other listings.
          </p>
        )}
        {query.data && query.data.length > 0 && (
          <ul className="mt-2 divide-y divide-stone-200">
            {query.data.map((template) => {
              const usable = fits(template);
              const described = `${ids}-${template.id}`;
              return (
                <li
                  key={template.id}
                  className="flex flex-wrap items-center justify-between gap-2 py-3"
                  data-testid="template"
                >
                  <div className="min-w-0">
                    <p className="font-medium break-words">{template.name}</p>
                    <p id={described} className="text-sm break-words text-stone-700">
                      {describeSnapshot(template.questionSet)}
                      {usable
                        ? ""
                        : ". This editor asks one text question, so use this template where several questions can be edited."}
                    </p>
                  </div>
                  <div className="flex gap-2">
                    <button
                      type="button"
                      disabled={!usable || pending}
                      onClick={() => onApply(template)}
                      aria-label={`Use template “${template.name}”`}
                      aria-describedby={described}
                      className={secondary}
                    >
                      Use
                    </button>
                    <button
                      type="button"
                      disabled={pending}
                      onClick={() => setAsking({ kind: "delete", template })}
                      aria-label={`Delete template “${template.name}”`}
                      className={secondary}
                    >
                      Delete
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <div className="mt-6 flex justify-end">
        <button type="button" onClick={() => dialog.current?.close()} className={secondary}>
          Close
        </button>
      </div>
    </dialog>
  );
}
