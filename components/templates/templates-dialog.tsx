"use client";

import { useId, useRef, useState, useTransition } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchFromDashboard } from "@/lib/listings/query-keys";
import type { QuestionForm as QuestionValues } from "@/lib/personalization/schema";
import { sellerQuestionSchema, sellerQuestionSetSchema } from "@/lib/personalization/editor-schema";
import { templatesKey, type QuestionTemplate } from "@/lib/templates/template";
import { saveTemplateAction } from "@/app/listings/save-template";
import { deleteTemplateAction } from "@/app/listings/delete-template";
import { Button } from "../ui/button";
import { DialogFrame, useModal } from "../ui/dialog-frame";
import { callAction } from "../feedback/call-action";
import { keepInTab, takeFromTab } from "../tab-storage";
import { TemplateNotice, type Notice, type SignInReason } from "./template-notice";
import { TemplateConfirm, type Asking } from "./template-confirm";
import { SaveTemplateForm } from "./save-template-form";
import { TemplateList } from "./template-list";

// The name typed when a sign-in ended, offered again the next time the dialog opens.
const TYPED_NAME = "template-name";

function typedName() {
  const name = takeFromTab(TYPED_NAME);
  return typeof name === "string" ? name : "";
}

/** The form's values as typed: checked here, with the schema a saved template is checked with, before they can be saved. */
export type TemplateContent = { question: QuestionValues } | { questions: unknown };

function savable(current: TemplateContent) {
  if ("question" in current) return sellerQuestionSchema.safeParse(current.question).success ? current : null;
  const parsed = sellerQuestionSetSchema.safeParse(current);
  return parsed.success ? { questions: parsed.data.questions } : null;
}

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
  const [asking, setAsking] = useState<Asking | null>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const ids = useId();
  const several = "questions" in current;
  const content = savable(current);

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

  return (
    <DialogFrame dialogRef={dialog} name={ids} heading="Question templates" width="max-w-xl" onClose={onClose}>
      <TemplateNotice
        notice={notice}
        onSignIn={(reason) => {
          keepInTab(TYPED_NAME, name);
          onSignIn(reason);
        }}
      />
      {asking && (
        <TemplateConfirm
          asking={asking}
          pending={pending}
          onConfirm={() => (asking.kind === "replace" ? save(true) : remove(asking.template))}
          onKeep={() => setAsking(null)}
        />
      )}
      <SaveTemplateForm
        ids={ids}
        several={several}
        valid={content !== null}
        name={name}
        nameError={nameError}
        nameInput={nameInput}
        pending={pending}
        onName={setName}
        onSave={() => save()}
      />
      <TemplateList
        ids={ids}
        query={query}
        fits={fits}
        pending={pending}
        onApply={onApply}
        onDelete={(template) => setAsking({ kind: "delete", template })}
      />
      <div className="mt-6 flex justify-end">
        <Button onClick={() => dialog.current?.close()} className="text-sm font-medium">
          Close
        </Button>
      </div>
    </DialogFrame>
  );
}
