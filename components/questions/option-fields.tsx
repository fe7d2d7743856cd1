"use client";

import type { KeyboardEvent } from "react";
import { useFormState, useWatch } from "react-hook-form";
import { DROPDOWN_LABEL_MAX, DROPDOWN_OPTIONS_MAX, FILES_MAX, LABEL_MAX } from "@/lib/personalization/question-draft";
import { characterCount } from "@/lib/personalization/rules";
import type { QuestionSetFormApi } from "./drafts";
import { ERROR, SMALL_BUTTON } from "./field-classes";

type Props = {
  form: QuestionSetFormApi;
  index: number;
  idPrefix: string;
  kind: "dropdown" | "labeled_upload";
  announce: (text: string) => void;
};

/** A dropdown's choices or a labelled upload's file labels: add, remove, reorder, each label with its own rule. */
export function OptionFields({ form, index, idPrefix, kind, announce }: Props) {
  const { register, control, formState, getValues, setValue, trigger } = form;
  // Kept as plain values rather than a nested useFieldArray, whose appends the outer field array did not keep.
  const name = `questions.${index}.options` as const;
  const fields = useWatch({ control, name }) ?? [];
  const update = (next: { label: string }[]) =>
    setValue(name, next, { shouldDirty: true, shouldValidate: formState.isSubmitted });
  const append = (option: { label: string }) => update([...getValues(name), option]);
  const remove = (position: number) => update(getValues(name).filter((_, each) => each !== position));
  const move = (from: number, to: number) => {
    const next = [...getValues(name)];
    const [moved] = next.splice(from, 1);
    if (moved) next.splice(to, 0, moved);
    update(next);
  };
  const max = kind === "dropdown" ? DROPDOWN_OPTIONS_MAX : FILES_MAX;
  const labelMax = kind === "dropdown" ? DROPDOWN_LABEL_MAX : LABEL_MAX;
  const noun = kind === "dropdown" ? "Choice" : "File label";
  const errors = useFormState({ control, name }).errors.questions?.[index]?.options;
  const listError = errors?.root?.message ?? errors?.message;
  // Enter in a label goes on to the next one (a new one after the last), as in a list; it never submits the form.
  const onEnter = (position: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter" || event.nativeEvent.isComposing) return;
    event.preventDefault();
    const next = position + 1;
    if (next >= getValues(name).length) {
      if (next >= max) return;
      append({ label: "" });
    }
    setTimeout(() => document.getElementById(`${idPrefix}-option-${next}`)?.focus(), 0);
  };
  const moveOption = (from: number, to: number) => {
    move(from, to);
    announce(`${noun} ${from + 1} moved to position ${to + 1} of ${fields.length}.`);
  };

  return (
    <fieldset className="space-y-2" aria-describedby={`${idPrefix}-options-hint ${idPrefix}-options-error`}>
      <legend className="font-medium">{kind === "dropdown" ? "Choices buyers pick from" : "One file per label"}</legend>
      <p id={`${idPrefix}-options-hint`} className="text-sm text-stone-600">
        {kind === "dropdown" ? `1 to ${max} choices` : `1 to ${max} labels; buyers upload one file for each`}, each 1 to{" "}
        {labelMax} characters and different from the others.
      </p>
      <ol className="space-y-2">
        {fields.map((_, position) => {
          const id = `${idPrefix}-option-${position}`;
          const labelError = errors?.[position]?.label?.message;
          const length = characterCount(fields[position]?.label ?? "");
          return (
            <li key={position} className="flex flex-wrap items-center gap-2">
              <label htmlFor={id} className="w-full text-sm sm:w-28">
                {noun} {position + 1}
              </label>
              <input
                id={id}
                aria-invalid={labelError ? true : undefined}
                aria-describedby={`${id}-count ${id}-error`}
                className="min-w-0 flex-1 rounded-md border border-stone-400 p-1.5"
                onKeyDown={onEnter(position)}
                {...register(`questions.${index}.options.${position}.label`, {
                  // Checked as it is typed, like the instructions: a long choice is named before Save, not on it.
                  onChange: () => void trigger(`questions.${index}.options.${position}.label`),
                })}
              />
              <span
                id={`${id}-count`}
                className={`text-sm tabular-nums ${length > labelMax ? "font-medium text-red-800" : "text-stone-600"}`}
              >
                {length} / {labelMax}
              </span>
              <button
                type="button"
                className={SMALL_BUTTON}
                disabled={position === 0}
                onClick={() => moveOption(position, position - 1)}
                aria-label={`Move ${noun.toLowerCase()} ${position + 1} up`}
              >
                ↑
              </button>
              <button
                type="button"
                className={SMALL_BUTTON}
                disabled={position === fields.length - 1}
                onClick={() => moveOption(position, position + 1)}
                aria-label={`Move ${noun.toLowerCase()} ${position + 1} down`}
              >
                ↓
              </button>
              <button
                type="button"
                className={SMALL_BUTTON}
                onClick={() => remove(position)}
                aria-label={`Remove ${noun.toLowerCase()} ${position + 1}`}
              >
                Remove
              </button>
              <p id={`${id}-error`} role="alert" className={`w-full ${ERROR}`}>
                {labelError}
              </p>
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className={SMALL_BUTTON}
        disabled={fields.length >= max}
        onClick={() => append({ label: "" })}
      >
        Add a {noun.toLowerCase()}
      </button>
      <p id={`${idPrefix}-options-error`} role="alert" className={ERROR}>
        {listError}
      </p>
    </fieldset>
  );
}
