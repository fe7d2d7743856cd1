"use client";

import { lazy, Suspense, type ComponentProps, type ReactNode } from "react";
import { BuyerPreview } from "./buyer-preview";

const CannotEditNotice = lazy(() =>
  import("./cannot-edit-notice").then((module) => ({ default: module.CannotEditNotice })),
);

type Props = {
  /** Whether react-hook-form runs the form yet (`data-ready` on the form, for tests that need its checks in place). */
  ready: boolean;
  here: string;
  canEdit: boolean;
  disabled: boolean;
  form: Omit<ComponentProps<"form">, "children" | "className">;
  preview: ComponentProps<typeof BuyerPreview>;
  aside?: ReactNode;
  children: ReactNode;
};

/** The one question's form (left) and, beside it on wide screens, the buyer's preview and `aside` (right): the same before and after the form's code loads. */
export function QuestionFormFrame({ ready, here, canEdit, disabled, form, preview, aside, children }: Props) {
  return (
    <>
      <div className="min-w-0 space-y-6">
        {!canEdit && (
          <Suspense fallback={null}>
            <CannotEditNotice here={here} />
          </Suspense>
        )}

        <form
          {...form}
          data-ready={ready || undefined}
          data-keeps-draft
          noValidate
          className="space-y-5 rounded-xl bg-white p-5 text-stone-900 ring-1 ring-stone-200"
          aria-label="Personalization question"
          aria-keyshortcuts="Control+S Meta+S"
        >
          <fieldset disabled={disabled} className="min-w-0 space-y-5">
            <legend className="text-lg font-semibold">Personalization question</legend>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-stone-600">Question type</dt>
              <dd>Text input</dd>
              <dt className="text-stone-600">Title</dt>
              <dd>Personalization</dd>
            </dl>
            {children}
          </fieldset>
        </form>
      </div>

      <div className="min-w-0 space-y-6 lg:sticky lg:top-4 lg:self-start">
        <BuyerPreview {...preview} />
        {aside}
      </div>
    </>
  );
}
