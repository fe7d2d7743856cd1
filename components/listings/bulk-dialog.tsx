"use client";

import { useEffect, useRef, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { QuestionForm as QuestionValues } from "@/lib/personalization/schema";
import { sellerQuestionSchema } from "@/lib/personalization/editor-schema";
import type { ActionResult } from "@/lib/actions/seller-action";
import type { Operation, Selection } from "@/lib/bulk/bulk-input";
import type { BulkPreview } from "@/lib/bulk/plan";
import { singleQuestionOf } from "@/lib/templates/template";
import { previewBulkChangeAction, startBulkChangeAction } from "@/app/listings/bulk-actions";
import { boundTo, QuestionFields } from "../personalization/question-fields";
import { BulkQuestionSetStep } from "../personalization/question-set/bulk-question-set-step";
import { useFeedback } from "../feedback/toast-context";
import { TemplatePicker } from "./template-picker";

type Step =
  | { name: "question" }
  | { name: "checking" }
  | { name: "confirm"; preview: BulkPreview; operation: Operation }
  | { name: "failed"; message: string };

/** A single question with no instructions: applied in bulk only after the seller has read what buyers would see. */
const blankQuestion = (operation: Operation) =>
  operation.kind === "apply" && (operation.question.instructions ?? "").trim() === "";

const plural = (count: number) => `${count} ${count === 1 ? "listing" : "listings"}`;
const either = (count: number, one: string, many: string) => (count === 1 ? one : many);

export function BulkDialog({
  mode,
  selection,
  selectedCount,
  onClose,
  questionSet = false,
}: {
  mode: "apply" | "remove";
  selection: Selection;
  selectedCount: number;
  onClose: () => void;
  questionSet?: boolean;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const router = useRouter();
  const { notify } = useFeedback();
  const [step, setStep] = useState<Step>(mode === "apply" ? { name: "question" } : { name: "checking" });
  const [starting, startTransition] = useTransition();
  const form = useForm<QuestionValues>({
    resolver: zodResolver(sellerQuestionSchema),
    mode: "onChange",
    defaultValues: { instructions: "", maxAllowedCharacters: 100, required: false },
  });

  function failed(result: Extract<ActionResult<unknown>, { ok: false }>) {
    if (result.reauth)
      window.location.assign(
        `/sign-in?callbackUrl=${encodeURIComponent(window.location.pathname + window.location.search)}&reason=expired`,
      );
    setStep({ name: "failed", message: result.formError });
  }

  function settle(result: Awaited<ReturnType<typeof previewBulkChangeAction>>, operation: Operation) {
    if (!result.ok) return failed(result);
    setStep({ name: "confirm", preview: result.data, operation });
  }

  async function check(operation: Operation) {
    setStep({ name: "checking" });
    settle(await previewBulkChangeAction({ selection, operation }), operation);
  }

  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    dialog.current?.showModal();
    if (mode !== "remove") return;
    const operation: Operation = { kind: "remove" };
    void previewBulkChangeAction({ selection, operation }).then((result) => settle(result, operation));
  });

  useEffect(() => {
    if (step.name !== "question") heading.current?.focus();
  }, [step.name]);

  const start = (preview: BulkPreview, operation: Operation) =>
    startTransition(async () => {
      const result = await startBulkChangeAction({ listingIds: preview.listingIds, operation });
      if (!result.ok) return failed(result);
      notify(
        {
          tone: "success",
          text: `Bulk change started: ${plural(preview.change)} will change. This page shows its progress.`,
        },
        { followsNavigation: true },
      );
      router.push(`/bulk-jobs/${result.data.jobId}`);
    });

  const title =
    mode === "apply"
      ? `Apply ${questionSet ? "questions" : "a question"} to ${plural(selectedCount)}`
      : `Remove personalization from ${plural(selectedCount)}`;
  const secondary = "min-h-11 rounded-md px-4 py-2 ring-1 ring-stone-300 hover:bg-stone-100";

  return (
    <dialog
      ref={dialog}
      aria-labelledby="bulk-heading"
      onClose={onClose}
      className="m-auto w-[calc(100%-2rem)] max-w-2xl rounded-xl bg-white p-6 text-stone-900 backdrop:bg-black/50"
    >
      <h2 id="bulk-heading" ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
        {step.name === "confirm"
          ? mode === "apply"
            ? questionSet
              ? "Apply these questions?"
              : "Apply this question?"
            : "Remove personalization?"
          : title}
      </h2>

      {step.name === "question" && questionSet && (
        <BulkQuestionSetStep
          onReview={(questions) => void check({ kind: "apply-set", questions })}
          onCancel={() => dialog.current?.close()}
        />
      )}

      {step.name === "question" && !questionSet && (
        <form
          onSubmit={form.handleSubmit((question) => check({ kind: "apply", question }))}
          noValidate
          className="mt-4 space-y-5"
          aria-label="Question for the selected listings"
        >
          <p className="text-sm text-stone-700">
            Buyers of every selected listing will be asked this one text question, titled “Personalization”.
          </p>
          <TemplatePicker
            valuesOf={singleQuestionOf}
            onPick={(values) => form.reset(values, { keepDefaultValues: true })}
          />
          <QuestionFields {...boundTo(form)} />
          <div className="flex justify-end gap-3">
            <button type="button" onClick={() => dialog.current?.close()} className={secondary}>
              Cancel
            </button>
            <button
              type="submit"
              className="min-h-11 rounded-md bg-brand px-4 py-2 font-medium text-white hover:bg-brand-dark"
            >
              Review the change
            </button>
          </div>
        </form>
      )}

      {step.name === "checking" && (
        <p role="status" className="mt-4 text-sm">
          Checking what each selected listing asks buyers now…
        </p>
      )}

      {step.name === "failed" && (
        <>
          <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200">
            {step.message}
          </p>
          <div className="mt-5 flex justify-end">
            <button type="button" autoFocus onClick={() => dialog.current?.close()} className={secondary}>
              Close
            </button>
          </div>
        </>
      )}

      {step.name === "confirm" && <Confirmation preview={step.preview} mode={mode} />}

      {step.name === "confirm" && blankQuestion(step.operation) && step.preview.change > 0 && (
        <p
          className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-200"
          data-testid="blank-question-warning"
        >
          <strong>This question has no instructions.</strong> Buyers of {plural(step.preview.change)} will see only
          “Personalization” and an empty box, with nothing to say what to write. Go back to the question to add
          instructions, or apply it as it is.
        </p>
      )}

      {step.name === "confirm" && (
        <div className="mt-5 flex flex-wrap justify-end gap-3">
          {mode === "apply" && (
            <button type="button" onClick={() => setStep({ name: "question" })} className={secondary}>
              Back to the question
            </button>
          )}
          <button type="button" onClick={() => dialog.current?.close()} className={secondary}>
            Cancel
          </button>
          {step.preview.change > 0 && (
            <button
              type="button"
              disabled={starting}
              onClick={() => start(step.preview, step.operation)}
              className={`min-h-11 rounded-md px-4 py-2 font-medium text-white disabled:opacity-60 ${mode === "apply" ? "bg-brand hover:bg-brand-dark" : "bg-red-800 hover:bg-red-900"}`}
            >
              {starting
                ? "Starting…"
                : mode === "apply"
                  ? `Apply ${blankQuestion(step.operation) ? "without instructions " : ""}to ${plural(step.preview.change)}`
                  : `Remove from ${plural(step.preview.change)}`}
            </button>
          )}
        </div>
      )}
    </dialog>
  );
}

function Confirmation({ preview, mode }: { preview: BulkPreview; mode: "apply" | "remove" }) {
  const total = preview.listingIds.length;
  return (
    <div className="mt-3 space-y-3 text-sm">
      <p className="text-base" data-testid="bulk-change-count">
        {preview.change === 0
          ? `None of the ${plural(total)} would change.`
          : `${plural(preview.change)} of ${total} will change.`}
      </p>
      {preview.unchanged > 0 && (
        <p>
          {plural(preview.unchanged)} already{" "}
          {mode === "apply"
            ? either(preview.unchanged, "asks", "ask") + " exactly this question"
            : either(preview.unchanged, "has", "have") + " no question"}
          : nothing to change there.
        </p>
      )}
      {preview.skipped > 0 && (
        <div className="rounded-lg bg-amber-50 p-3 ring-1 ring-amber-200">
          <p>{plural(preview.skipped)} will be skipped, so that nothing buyers are asked there is lost:</p>
          <ul className="mt-1 list-disc pl-5">
            {preview.skippedSample.map((listing) => (
              <li key={listing.listingId}>
                {listing.title}: {listing.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
      {preview.sample.length > 0 && (
        <table className="w-full text-left">
          <caption className="text-left font-medium">
            {preview.sample.length < preview.change
              ? `${preview.sample.length} of the ${preview.change} changes`
              : "The changes"}
          </caption>
          <thead className="bg-stone-100 text-stone-700">
            <tr>
              <th scope="col" className="px-2 py-1 font-medium">
                Listing
              </th>
              <th scope="col" className="px-2 py-1 font-medium">
                Before
              </th>
              <th scope="col" className="px-2 py-1 font-medium">
                After
              </th>
            </tr>
          </thead>
          <tbody>
            {preview.sample.map((row) => (
              <tr key={row.listingId} className="border-t border-stone-200 align-top">
                <td className="px-2 py-1">{row.title}</td>
                <td className="px-2 py-1 break-words">{row.before}</td>
                <td className="px-2 py-1 break-words">{row.after}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {preview.change > 0 && (
        <p className="text-stone-700">
          What each listing asks now is kept first, so you can undo the whole change afterwards.
        </p>
      )}
    </div>
  );
}
