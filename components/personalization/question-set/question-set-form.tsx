"use client";

import { signInAgainPath } from "../../use-sign-in-on-expiry";
import {
  lazy,
  Suspense,
  useEffect,
  useRef,
  useState,
  useTransition,
  type BaseSyntheticEvent,
  type ReactNode,
} from "react";
import { QUESTIONS_MAX, QUESTION_INSTRUCTIONS_MAX, type QuestionSetForm } from "@/lib/personalization/question-set";
import { characterCount } from "@/lib/personalization/rules";
import type { Listing, Question } from "@/lib/marketplace/wire";
import { snapshotOf, type Snapshot } from "@/lib/personalization/snapshot";
import { snapshotOfQuestionSet } from "@/lib/personalization/snapshot-codec";
import type { ActionResult } from "@/lib/actions/seller-action";
import { updateQuestionSetAction } from "@/app/listings/[id]/update-question-set";
import { removePersonalizationAction } from "@/app/listings/[id]/remove-personalization";
import { useFeedback } from "../../feedback/toast-context";
import { callAction } from "../../feedback/call-action";
import { ReloadPageButton } from "../../feedback/reload-page-button";
import { RemoveDialog } from "../remove-dialog";
import { useUnsavedChanges } from "../use-unsaved-changes";
import { useSaveRecovery } from "../use-save-recovery";
import { useEditorBasis } from "../use-editor-basis";
import { noEnterSubmit, notDone, useSaveControls } from "../use-save-controls";
import { EditorActions } from "../editor-actions";
import { SignInToAllowEditing } from "../sign-in-to-allow-editing";
import { CannotEditNotice } from "../cannot-edit-notice";
import { sellerQuestionSetSchema } from "@/lib/personalization/editor-schema";
import type { QuestionTemplate } from "@/lib/templates/template";
import { keepQuestionSetDraft, takeQuestionSetDraft, templateValues, valuesOf, type QuestionSetValues } from "./drafts";
import { useQuestionSetForm } from "./use-question-set-form";
import { QuestionList } from "./question-list";
import type { Pricing } from "./question-card";
import { QuestionSetPreview } from "./question-set-preview";

const TemplatesDialog = lazy(() =>
  import("../templates-dialog").then((module) => ({ default: module.TemplatesDialog })),
);
const LeaveDialog = lazy(() => import("../leave-dialog").then((module) => ({ default: module.LeaveDialog })));
const NoInstructionsDialog = lazy(() =>
  import("../no-instructions-dialog").then((module) => ({ default: module.NoInstructionsDialog })),
);
const ChangedSinceDialog = lazy(() =>
  import("../changed-since-dialog").then((module) => ({ default: module.ChangedSinceDialog })),
);

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

/** The multi-question period's editor (docs/marketplace.md §9.4): up to five questions of every type, checked in the browser with the server's own schema. */
export function QuestionSetForm({
  listing,
  canEdit,
  pricing,
  onStored,
  aside,
}: {
  listing: Listing;
  canEdit: boolean;
  pricing: Pricing;
  onStored: (listing: Listing) => void;
  aside: ReactNode;
}) {
  const form = useQuestionSetForm(valuesOf(listing.questions));
  const { handleSubmit, watch, reset, getValues, formState, trigger, setFocus } = form;
  const { notify, clear } = useFeedback();
  const [dialog, setDialog] = useState<
    | "templates"
    | "remove"
    | { noInstructions: QuestionSetForm; index: number }
    | { changed: { values: QuestionSetForm; theirs: Question[] } }
    | null
  >(null);
  const basis = useEditorBasis(listing, onStored);
  const [pending, startTransition] = useTransition();
  const { formElement, saveButton, focusSaveWhenDone, hydrated } = useSaveControls(canEdit, pending);
  const restored = useRef(false);
  const unsaved = useUnsavedChanges(formState.isDirty, () => keepQuestionSetDraft(listing.id, getValues()));
  const recovery = useSaveRecovery(listing.id);
  const here = `/listings/${listing.id}`;
  const questions = watch("questions") ?? [];
  // Stored before the 120-character rule, or by another client: shown as they are, never cut, and named until fixed.
  const overLimit = listing.questions.flatMap((question, index) =>
    characterCount(question.instructions) > QUESTION_INSTRUCTIONS_MAX
      ? [{ index, title: question.title, length: characterCount(question.instructions) }]
      : [],
  );

  useEffect(() => {
    if (!hydrated) return;
    for (const { index } of overLimit) void trigger(`questions.${index}.instructions`);
    // Once, when the form can first show errors; the seller's edits re-check as they type.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hydrated]);

  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    const draft = takeQuestionSetDraft(listing.id);
    if (!draft) return;
    reset(draft, { keepDefaultValues: true });
    notify({ tone: "info", text: "Your unsaved changes were kept. Review them and save." });
  }, [listing.id, reset, notify]);

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
  const savedText = (count: number) =>
    `Saved. Buyers are now asked ${count === 1 ? "this question" : `these ${count} questions`}.`;

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
      focusSaveWhenDone.current = true;
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
      focusSaveWhenDone.current = true;
      notify({
        tone: "success",
        text: "Personalization removed. Buyers are no longer asked anything on this listing.",
      });
    });
  };

  const templateContent = () => {
    const parsed = sellerQuestionSetSchema.safeParse(getValues());
    return { questions: parsed.success ? parsed.data.questions : null };
  };

  // Applying replaces the whole set: the template's questions, in its order, as unsaved edits.
  const applyTemplate = (template: QuestionTemplate) => {
    const values = templateValues(template, listing.questions);
    if (!values) return;
    setDialog(null);
    reset(values, { keepDefaultValues: true });
    notify({
      tone: "info",
      text: `Template “${template.name}” is in the form. Templates keep no add-on prices: a question this listing already asks keeps its price, and a new one charges nothing unless you set a price. Review the questions, then save them.`,
    });
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
      <div className="space-y-6">
        {!canEdit && <CannotEditNotice here={here} what="these questions are" />}
        <form
          ref={formElement}
          onSubmit={save}
          onKeyDown={noEnterSubmit}
          data-keeps-draft
          noValidate
          aria-label="Personalization questions"
          aria-keyshortcuts="Control+S Meta+S"
          className="space-y-4"
        >
          <fieldset disabled={!canEdit || pending || !hydrated} className="space-y-4">
            <legend className="text-lg font-semibold">Personalization questions</legend>
            <p className="text-sm text-stone-600">
              Buyers can be asked up to {QUESTIONS_MAX} questions, in this order. Drag a question by its handle, or use
              Move up and Move down.
            </p>
            {overLimit.length > 0 && (
              <div role="status" className="rounded-lg bg-amber-50 p-4 text-sm ring-1 ring-amber-200">
                <p className="font-semibold">Instructions too long for the marketplace now</p>
                <ul className="mt-1 list-disc pl-5">
                  {overLimit.map(({ index, title, length }) => (
                    <li key={index}>
                      Question {index + 1} (“{title}”) has instructions of {length} characters; the marketplace now
                      accepts at most {QUESTION_INSTRUCTIONS_MAX} while listings can ask several questions.
                    </li>
                  ))}
                </ul>
                <p className="mt-1">
                  Buyers still see them as they are. Shorten them below, then save: nothing is cut for you.
                </p>
              </div>
            )}
            <QuestionList form={form} pricing={pricing} />

            <EditorActions
              saveButton={saveButton}
              pending={pending}
              saveLabel="Save questions"
              dirty={formState.isDirty}
              nothingToSave={nothingToSave}
              canRemove={listing.questions.length > 0}
              onTemplates={() => setDialog("templates")}
              onRemove={() => setDialog("remove")}
            />
          </fieldset>
        </form>
        {dialog === "remove" && (
          <RemoveDialog title={listing.title} onConfirm={removeAll} onClose={() => setDialog(null)} />
        )}
        <Suspense fallback={null}>
          {dialog === "templates" && (
            <TemplatesDialog
              current={templateContent()}
              fits={(template) => templateValues(template) !== undefined}
              onApply={applyTemplate}
              onClose={() => setDialog(null)}
              onSignIn={(reason) => {
                keepQuestionSetDraft(listing.id, getValues());
                window.location.assign(signInAgainPath(here, reason));
              }}
            />
          )}
          {unsaved.leaving && (
            <LeaveDialog
              several
              onStay={unsaved.stay}
              onLeave={unsaved.leave}
              onSaveAndLeave={() => {
                basis.saveAndLeave(unsaved, formElement.current);
              }}
            />
          )}
          {typeof dialog === "object" && dialog !== null && "noInstructions" in dialog && (
            <NoInstructionsDialog
              onConfirm={() => write(dialog.noInstructions)}
              onAddInstructions={() => {
                basis.stay();
                setTimeout(() => setFocus(`questions.${dialog.index}.instructions`), 0);
              }}
              onClose={() => setDialog(null)}
            />
          )}
          {typeof dialog === "object" && dialog !== null && "changed" in dialog && (
            <ChangedSinceDialog
              mine={snapshotOfQuestionSet(dialog.changed.values.questions, pricing.currencyCode)}
              theirs={snapshotOf({ questions: dialog.changed.theirs })}
              keepLabel="Keep mine and save them"
              onKeepMine={() => write(dialog.changed.values, snapshotOf({ questions: dialog.changed.theirs }))}
              onTakeTheirs={() => takeTheirs(dialog.changed.theirs)}
              onClose={() => setDialog(null)}
            />
          )}
        </Suspense>
      </div>
      {/* Beside the questions on wide screens, so the seller sees each change as a buyer will. */}
      <div className="space-y-6 self-start lg:sticky lg:top-4">
        <QuestionSetPreview questions={questions} currencyCode={pricing.currencyCode} />
        {aside}
      </div>
    </div>
  );
}
