"use client";

import type { RefObject } from "react";
import { TEMPLATE_NAME_MAX } from "@/lib/templates/template";
import { Button } from "../ui/button";

/** The templates dialog's first section: the form's questions saved under a name, or why they cannot be yet. */
export function SaveTemplateForm({
  ids,
  several,
  valid,
  name,
  nameError,
  nameInput,
  pending,
  onName,
  onSave,
}: {
  ids: string;
  several: boolean;
  /** The form's questions follow the rules, so they can be saved. */
  valid: boolean;
  name: string;
  nameError: string | null;
  nameInput: RefObject<HTMLInputElement | null>;
  pending: boolean;
  onName: (name: string) => void;
  onSave: () => void;
}) {
  return (
    <section aria-labelledby={`${ids}-save`} className="mt-4">
      <h3 id={`${ids}-save`} className="font-medium">
        Save the {several ? "questions" : "question"} in the form as a template
      </h3>
      {valid ? (
        <form
          className="mt-2 flex flex-wrap items-end gap-3"
          data-keeps-draft
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            onSave();
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
              onChange={(event) => onName(event.target.value)}
              aria-invalid={nameError ? true : undefined}
              aria-describedby={`${ids}-name-error`}
              className="mt-1 min-h-11 w-full rounded-md border border-stone-400 bg-white p-2"
            />
          </div>
          <Button type="submit" variant="primary" disabled={pending}>
            Save as template
          </Button>
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
  );
}
