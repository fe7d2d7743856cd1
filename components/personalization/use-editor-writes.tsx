"use client";

import { useEffect, useRef, useState, useTransition, type ReactNode } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import type { Listing, Question } from "@/lib/marketplace/wire";
import { snapshotOf, type Snapshot } from "@/lib/personalization/snapshot";
import type { ActionResult } from "@/lib/actions/seller-action";
import { removePersonalizationAction } from "@/app/listings/[id]/remove-personalization";
import { SignInButton } from "../sign-in-button";
import { BUTTON_CLASS } from "../ui/button";
import { useFeedback } from "../feedback/toast-context";
import { callAction } from "../feedback/call-action";
import { ReloadPageButton } from "../feedback/reload-page-button";
import { useSaveControls } from "./use-save-controls";
import { useSaveRecovery } from "./use-save-recovery";
import { historyKey } from "../history/history-key";
import { useUnsavedChanges } from "./use-unsaved-changes";

type Failure = Extract<ActionResult<unknown>, { ok: false }>;

/** The dialog an editor shows: `index` names the question without instructions, in an editor of several. */
export type EditorDialog<V> =
  | "templates"
  | "remove"
  | { noInstructions: V; index?: number }
  | { changed: { values: V; theirs: Question[] } }
  | null;

/** What sets one editor's writes apart from the other's. */
type Editor<F extends FieldValues, V> = {
  listing: Listing;
  canEdit: boolean;
  form: UseFormReturn<F, unknown, V>;
  /** These questions are now the listing's. */
  onStored: (questions: Question[]) => void;
  /** The form's values for the listing's questions. */
  valuesOf: (questions: Question[]) => F;
  send: (values: V, expected: Snapshot) => Promise<ActionResult<Question[]>>;
  /** What a save of `values` leaves in the form when it landed but the listing could not be read back. */
  resetSaved: (values: V) => void;
  savedText: (values: V) => string;
  removedText: string;
  /** Keeps the form's values in this tab, for the editor to restore after signing in again (or a reload)... */
  keepDraft: () => void;
  /** ...and takes them back once, when the editor opens. */
  takeDraft: () => F | undefined;
  /** Keeps the form's values, then goes to sign in again. */
  signInAgain: (reason: Failure["signIn"]) => void;
  /** Tells the seller why a write was not done; `action` signs in again when a permission is missing. */
  refused: (result: Failure, verb: "save" | "remove", action: ReactNode) => void;
};

/**
 * How both editors write: a save (recovered when the marketplace was busy), the marketplace's version taken instead,
 * the personalization removed, and the dialogs they open; each editor says what its form holds and announces.
 */
export function useEditorWrites<F extends FieldValues, V>(editor: Editor<F, V>) {
  const { listing, form, valuesOf } = editor;
  const { notify, clear } = useFeedback();
  const queryClient = useQueryClient();
  // The seller's own write locks the form; the dashboard's re-save after a failure leaves it to the seller.
  const [locked, startWriting] = useTransition();
  const [resaving, startResave] = useTransition();
  const pending = locked || resaving;
  const controls = useSaveControls(editor.canEdit, locked);
  // The seller's Save during a re-save waits on it, then saves what the form holds by then.
  const saveAfterResave = useRef(false);
  useEffect(() => {
    if (resaving || !saveAfterResave.current) return;
    saveAfterResave.current = false;
    controls.formElement.current?.requestSubmit();
  }, [resaving, controls.formElement]);
  const [dialog, setDialog] = useState<EditorDialog<V>>(null);
  // What a save is made against: the listing's questions as the form loaded them (or last stored them), never a later
  // read, so a change made since is caught.
  const [loaded, setLoaded] = useState<Snapshot>(() => snapshotOf(listing));
  // Where "Save and leave" goes once the save worked.
  const leaveAfterSave = useRef<(() => void) | undefined>(undefined);
  const recovery = useSaveRecovery(listing.id);
  const unsaved = useUnsavedChanges(form.formState.isDirty, editor.keepDraft);
  // A write whose outcome is unknown is in the history as such.
  const rereadHistory = () => void queryClient.invalidateQueries({ queryKey: historyKey(listing.id) });

  useEffect(() => {
    const draft = editor.takeDraft();
    if (!draft) return;
    form.reset(draft, { keepDefaultValues: true });
    notify({ tone: "info", text: "Your unsaved changes were kept. Review them and save." });
    // Once, when the editor opens (a draft is gone once taken).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const stay = () => {
    leaveAfterSave.current = undefined;
  };
  const saveAndLeave = () => {
    leaveAfterSave.current = unsaved.leave;
    unsaved.stay();
    controls.formElement.current?.requestSubmit();
  };

  function failed(result: Failure, verb: "save" | "remove", values?: V) {
    if (result.reauth) return editor.signInAgain(result.signIn);
    stay();
    if (result.olderPage)
      return notify({ tone: "error", text: result.formError, action: <ReloadPageButton /> }, { focus: true });
    if (result.changedSince && values) return setDialog({ changed: { values, theirs: result.changedSince } });
    rereadHistory();
    // Signs in again, keeping what the seller typed for the editor to restore.
    const action = result.missingScope ? (
      <SignInButton
        callbackUrl={`/listings/${listing.id}`}
        label="Sign in again and allow editing"
        className={`mt-2 ${BUTTON_CLASS.danger}`}
        keepDraft={editor.keepDraft}
      />
    ) : undefined;
    editor.refused(result, verb, action);
  }

  const typedNow = () => JSON.stringify(form.getValues());
  // `typed` is the form as the save began: what the seller typed since (while the dashboard saved again or read the
  // listing back) stays in the form, unsaved, over the questions stored.
  const stored = (questions: Question[], typed?: string) => {
    editor.onStored(questions);
    setLoaded(snapshotOf({ questions }));
    form.reset(valuesOf(questions), { keepValues: typed !== undefined && typed !== typedNow() });
  };

  /** Saves `values`; with `typed`, it is the dashboard saving again what the seller saved when the form held `typed`. */
  const write = (values: V, expected: Snapshot = loaded, typed?: string) => {
    const resave = typed !== undefined;
    if (!resave && resaving) {
      saveAfterResave.current = true;
      return;
    }
    const asTyped = typed ?? typedNow();
    clear();
    recovery.cancel();
    (resave ? startResave : startWriting)(async () => {
      const result = await callAction(() => editor.send(values, expected));
      if (!result.ok) {
        const recovering = recovery.recover(result, {
          retry: () => write(values, expected, asTyped),
          saved: (questions) =>
            questions ? stored(questions, asTyped) : asTyped === typedNow() && editor.resetSaved(values),
          savedText: editor.savedText(values),
        });
        if (!recovering) return failed(result, "save", values);
        if (!resave) stay();
        return rereadHistory();
      }
      // "Save and leave" leaves once the seller's own save is done, never on a re-save of earlier values.
      if (!resave) {
        const leave = leaveAfterSave.current;
        stay();
        leave?.();
      }
      stored(result.data, asTyped);
      controls.focusSaveWhenDone.current = !resave;
      notify({ tone: "success", text: editor.savedText(values) });
    });
  };

  // The marketplace's version replaces the form's; the seller chose it, having seen both.
  const takeTheirs = (theirs: Question[]) => {
    stored(theirs);
    notify({ tone: "info", text: "The form now shows what the marketplace asks buyers. Nothing was written." });
  };

  const remove = () => {
    clear();
    startWriting(async () => {
      const result = await callAction(() => removePersonalizationAction({ listingId: listing.id }));
      if (!result.ok) return failed(result, "remove");
      stored([]);
      controls.focusSaveWhenDone.current = true;
      notify({ tone: "success", text: editor.removedText });
    });
  };

  return {
    pending,
    locked,
    controls,
    dialog,
    setDialog,
    loaded,
    stay,
    saveAndLeave,
    unsaved,
    write,
    takeTheirs,
    remove,
  };
}

export type EditorWrites<V> = ReturnType<typeof useEditorWrites<FieldValues, V>>;
