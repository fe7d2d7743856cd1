"use client";

import { signInAgainPath } from "../use-sign-in-on-expiry";
import { useEffect, useRef, useState, useTransition, type BaseSyntheticEvent, type ReactNode } from "react";
import dynamic from "next/dynamic";
import { useForm, useWatch } from "react-hook-form";
import { useRouter } from "next/navigation";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import type { QuestionForm as QuestionValues } from "@/lib/personalization/schema";
import { snapshotOf, type Snapshot } from "@/lib/personalization/snapshot";
import { snapshotOfForm } from "@/lib/personalization/snapshot-codec";
import { sellerQuestionSchema } from "@/lib/personalization/editor-schema";
import type { Listing, Question } from "@/lib/marketplace/wire";
import type { ActionResult } from "@/lib/actions/seller-action";
import { updatePersonalizationAction } from "@/app/listings/[id]/update-personalization";
import { removePersonalizationAction } from "@/app/listings/[id]/remove-personalization";
import { useFeedback } from "../feedback/toast-context";
import { callAction } from "../feedback/call-action";
import { ReloadPageButton } from "../feedback/reload-page-button";
import { BuyerPreview } from "./buyer-preview";
import { CannotEditNotice } from "./cannot-edit-notice";
import { SignInToAllowEditing } from "./sign-in-to-allow-editing";
import { boundTo, QuestionFields } from "./question-fields";
import { keepDraft, takeDraft } from "./draft";
import { noEnterSubmit, notDone, useSaveControls } from "./use-save-controls";
import { useUnsavedChanges } from "./use-unsaved-changes";
import { useSaveRecovery } from "./use-save-recovery";
import { useEditorBasis } from "./use-editor-basis";
import { EditorActions } from "./editor-actions";
import { historyKey } from "./history-key";

const RemoveDialog = dynamic(() => import("./remove-dialog").then((module) => module.RemoveDialog));
const TemplatesDialog = dynamic(() => import("./templates-dialog").then((module) => module.QuestionTemplatesDialog));
const LeaveDialog = dynamic(() => import("./leave-dialog").then((module) => module.LeaveDialog));
const NoInstructionsDialog = dynamic(() =>
  import("./no-instructions-dialog").then((module) => module.NoInstructionsDialog),
);
const ChangedSinceDialog = dynamic(() => import("./changed-since-dialog").then((module) => module.ChangedSinceDialog));

const SAVED = "Saved. Buyers are now asked this question.";
const NEW_QUESTION: QuestionValues = { instructions: "", maxAllowedCharacters: 100, required: false };
const FIELDS = ["instructions", "maxAllowedCharacters", "required"] as const;

/** The form's values for a listing's stored question, or a new question's. */
const valuesOf = (question: Question | undefined): QuestionValues =>
  question
    ? {
        instructions: question.instructions,
        maxAllowedCharacters: question.maxAllowedCharacters ?? 100,
        required: question.required,
      }
    : NEW_QUESTION;

type Props = {
  listing: Listing;
  canEdit: boolean;
  /** Focus the first field once shown (the seller just asked to add a question). */
  focusFirst?: boolean;
  onStored: (listing: Listing) => void;
  aside?: ReactNode;
};

/**
 * The editor's one question with react-hook-form, checked with the schema the server action and the sandbox use:
 * saved (only when something changed, and after a confirmation when it has no instructions), removed, filled from a template.
 */
export function QuestionForm({ listing, canEdit, focusFirst = false, onStored, aside }: Props) {
  const form = useForm<QuestionValues>({
    resolver: zodResolver(sellerQuestionSchema),
    mode: "onChange",
    defaultValues: valuesOf(listing.questions[0]),
  });
  const { handleSubmit, control, setError, reset, getValues, setFocus, formState } = form;
  const { notify, clear } = useFeedback();
  const queryClient = useQueryClient();
  const router = useRouter();
  const [required, limit] = useWatch({ control, name: ["required", "maxAllowedCharacters"] });
  const [pending, startTransition] = useTransition();
  const { formElement, saveButton, focusSaveWhenDone, hydrated } = useSaveControls(canEdit, pending);
  const [dialog, setDialog] = useState<
    | "templates"
    | "remove"
    | { noInstructions: QuestionValues }
    | { changed: { values: QuestionValues; theirs: Question[] } }
    | null
  >(null);
  const basis = useEditorBasis(listing, onStored);
  const unsaved = useUnsavedChanges(formState.isDirty, () => keepDraft(listing.id, getValues()));
  const recovery = useSaveRecovery(listing.id);
  const restored = useRef(false);
  const here = `/listings/${listing.id}`;
  // A listing without a question shows this form only after "Add a question": the new question is itself the change.
  const changed = formState.isDirty || listing.questions.length === 0;

  useEffect(() => {
    if (focusFirst) setFocus("instructions");
  }, [focusFirst, setFocus]);

  // A stored value that breaks today's rules says so when the editor opens, not only on save.
  const hasStored = listing.questions.length > 0;
  const { trigger } = form;
  useEffect(() => {
    if (hasStored) void trigger();
  }, [hasStored, trigger]);

  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    const draft = takeDraft(listing.id);
    if (!draft) return;
    reset(
      { ...getValues(), ...Object.fromEntries(Object.entries(draft).filter(([, value]) => value !== undefined)) },
      { keepDefaultValues: true },
    );
    notify({ tone: "info", text: "Your unsaved changes were kept. Review them and save." });
  }, [listing.id, reset, getValues, notify]);

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
      focusSaveWhenDone.current = true;
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

  const applyTemplate = (name: string, values: QuestionValues) => {
    setDialog(null);
    for (const field of FIELDS) form.setValue(field, values[field], { shouldDirty: true, shouldValidate: true });
    notify({ tone: "info", text: `Template “${name}” is in the form. Review the question, then save it.` });
    setFocus("instructions");
  };

  const fields = boundTo(form);

  return (
    <>
      <div className="min-w-0 space-y-6">
        {!canEdit && <CannotEditNotice here={here} />}

        <form
          ref={formElement}
          onSubmit={(event) => {
            event.preventDefault();
            if (changed) void save(event);
          }}
          onKeyDown={noEnterSubmit}
          data-keeps-draft
          noValidate
          className="space-y-5 rounded-xl bg-white p-5 text-stone-900 ring-1 ring-stone-200"
          aria-label="Personalization question"
          aria-keyshortcuts="Control+S Meta+S"
        >
          <fieldset disabled={!canEdit || pending || !hydrated} className="min-w-0 space-y-5">
            <legend className="text-lg font-semibold">Personalization question</legend>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-stone-600">Question type</dt>
              <dd>Text input</dd>
              <dt className="text-stone-600">Title</dt>
              <dd>Personalization</dd>
            </dl>
            <QuestionFields {...fields} />
            <EditorActions
              saveButton={saveButton}
              pending={pending}
              saveLabel="Save question"
              dirty={formState.isDirty}
              nothingToSave={changed ? undefined : "Nothing to save: change the question first."}
              canRemove={listing.questions.length > 0}
              onTemplates={() => setDialog("templates")}
              onRemove={() => setDialog("remove")}
            />
          </fieldset>
        </form>
      </div>

      <div className="min-w-0 space-y-6 lg:sticky lg:top-4 lg:self-start">
        <BuyerPreview
          instructions={fields.instructions}
          required={Boolean(required)}
          limit={Number(limit)}
          addOnPrice={listing.questions[0]?.addOnPrice}
        />
        {aside}
      </div>

      {dialog === "templates" && (
        <TemplatesDialog
          current={getValues()}
          onApply={applyTemplate}
          onClose={() => setDialog(null)}
          onSignIn={(reason) => {
            keepDraft(listing.id, getValues());
            router.push(signInAgainPath(here, reason));
          }}
        />
      )}
      {dialog === "remove" && <RemoveDialog title={listing.title} onConfirm={remove} onClose={() => setDialog(null)} />}
      {typeof dialog === "object" && dialog !== null && "noInstructions" in dialog && (
        <NoInstructionsDialog
          onConfirm={() => write(dialog.noInstructions)}
          onAddInstructions={() => {
            basis.stay();
            setTimeout(() => setFocus("instructions"), 0);
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {typeof dialog === "object" && dialog !== null && "changed" in dialog && (
        <ChangedSinceDialog
          mine={snapshotOfForm(dialog.changed.values)}
          theirs={snapshotOf({ questions: dialog.changed.theirs })}
          keepLabel="Keep mine and save it"
          onKeepMine={() => write(dialog.changed.values, snapshotOf({ questions: dialog.changed.theirs }))}
          onTakeTheirs={() => takeTheirs(dialog.changed.theirs)}
          onClose={() => setDialog(null)}
        />
      )}
      {unsaved.leaving && (
        <LeaveDialog
          onStay={unsaved.stay}
          onLeave={unsaved.leave}
          onSaveAndLeave={() => {
            basis.saveAndLeave(unsaved, formElement.current);
          }}
        />
      )}
    </>
  );
}
