"use client";

import type { FieldErrors, UseFormReturn } from "react-hook-form";
import type { QuestionForm as QuestionValues } from "@/lib/personalization/schema";
import { InstructionsRules } from "./instructions-rules";

const FIELD_LABELS = { maxAllowedCharacters: "Character limit", required: "Required" } as const;

type FieldName = keyof QuestionValues;
type Props = { field: (name: FieldName) => object; errors: FieldErrors<QuestionValues>; instructions: string };

export const boundTo = (form: UseFormReturn<QuestionValues>): Props => ({
  field: (name) => form.register(name, name === "maxAllowedCharacters" ? { valueAsNumber: true } : undefined),
  errors: form.formState.errors,
  instructions: form.watch("instructions") ?? "",
});

export function QuestionFields({ field, errors, instructions }: Props) {
  const fieldError = (name: keyof typeof FIELD_LABELS) => {
    const message = errors[name]?.message;
    return message && (message.startsWith("must") ? `${FIELD_LABELS[name]} ${message}.` : message);
  };

  return (
    <>
      <div>
        <label htmlFor="instructions" className="block font-medium">
          Instructions for buyers
        </label>
        <textarea
          id="instructions"
          rows={4}
          aria-invalid={errors.instructions ? true : undefined}
          aria-describedby="instructions-count instructions-rules instructions-error"
          className="mt-1 w-full rounded-md border border-stone-400 bg-white p-2"
          {...field("instructions")}
        />
        <p id="instructions-error" role="alert" className="text-sm font-medium text-red-800">
          {errors.instructions?.message}
        </p>
        <InstructionsRules text={instructions} />
      </div>

      <div>
        <label htmlFor="maxAllowedCharacters" className="block font-medium">
          Character limit for buyers&apos; answers
        </label>
        <input
          id="maxAllowedCharacters"
          type="number"
          inputMode="numeric"
          min={1}
          max={1024}
          step={1}
          aria-invalid={errors.maxAllowedCharacters ? true : undefined}
          aria-describedby="limit-hint limit-error"
          className="mt-1 w-32 rounded-md border border-stone-400 bg-white p-2"
          {...field("maxAllowedCharacters")}
        />
        <p id="limit-hint" className="text-sm text-stone-600">
          A whole number from 1 to 1024.
        </p>
        <p id="limit-error" role="alert" className="text-sm font-medium text-red-800">
          {fieldError("maxAllowedCharacters")}
        </p>
      </div>

      <div>
        <div className="flex min-h-11 items-center gap-3">
          <input
            id="required"
            type="checkbox"
            aria-describedby="required-error"
            className="h-5 w-5"
            {...field("required")}
          />
          <label htmlFor="required" className="font-medium">
            Buyers must answer (required)
          </label>
        </div>
        <p id="required-error" role="alert" className="text-sm font-medium text-red-800">
          {fieldError("required")}
        </p>
      </div>
    </>
  );
}
