"use client";

import { useState, type DragEvent } from "react";
import { characterCount, CHAR_LIMIT_MAX, CHAR_LIMIT_MIN } from "@/lib/personalization/rules";
import { ADD_ON_PRICE_MAX } from "@/lib/personalization/add-on-price";
import {
  FILES_MAX,
  QUESTION_TYPE_NAMES,
  QUESTION_INSTRUCTIONS_MAX as INSTRUCTIONS_MAX,
  TITLE_MAX,
  type QuestionType,
} from "@/lib/personalization/question-set";
import type { QuestionSetFormApi } from "./drafts";
import { OptionFields } from "./option-fields";
import { QuestionStatsNote } from "@/components/orders/question-stats";

/** The shop's currency for add-on prices; `each`: a change to many listings, where an empty price keeps what each listing charges. */
/** `offered: false`: a marketplace before add-on prices (2026-07-20, docs/marketplace.md §13), so none is asked for. */
export type Pricing = { currencyCode?: string; each?: boolean; offered?: boolean };

type Props = {
  form: QuestionSetFormApi;
  index: number;
  count: number;
  fieldId: string;
  type: QuestionType;
  onMove: (from: number, to: number) => void;
  onRemove: () => void;
  announce: (text: string) => void;
  pricing: Pricing;
  /** The one question of a form (a question added to many listings): nothing to move or remove. */
  alone?: boolean;
};

const INPUT = "mt-1 w-full rounded-md border border-stone-400 p-2";
const ERROR = "text-sm font-medium text-red-800";
const SMALL_BUTTON = "rounded px-2 py-1 text-sm ring-1 ring-stone-300 hover:bg-stone-100 disabled:opacity-40";
const DRAG_TYPE = "application/x-question-index";

/** One question of the set: its place in the order, its title, instructions and required, and the fields of its type. */
export function QuestionCard(props: Props) {
  const { form, index, fieldId, type, onMove, announce, pricing, alone = false } = props;
  const { register, watch, formState, trigger } = form;
  const errors = formState.errors.questions?.[index];
  const id = `question-${fieldId}`;
  const instructions = watch(`questions.${index}.instructions`) ?? "";
  const title = watch(`questions.${index}.title`) ?? "";
  const [dropTarget, setDropTarget] = useState(false);
  const described = (name: string, hint?: boolean) =>
    [hint ? `${id}-${name}-hint` : "", `${id}-${name}-error`].filter(Boolean).join(" ");

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDropTarget(false);
    const from = Number(event.dataTransfer.getData(DRAG_TYPE));
    if (Number.isInteger(from) && from !== index) onMove(from, index);
  };

  return (
    <li
      className={`rounded-xl bg-white p-5 ring-1 ${dropTarget ? "ring-2 ring-brand" : "ring-stone-200"}`}
      onDragOver={(event) => {
        if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
        event.preventDefault();
        setDropTarget(true);
      }}
      onDragLeave={() => setDropTarget(false)}
      onDrop={onDrop}
    >
      <fieldset className="space-y-4" aria-labelledby={`${id}-legend`}>
        <div className="flex flex-wrap items-center gap-2">
          {alone ? (
            <h2 id={`${id}-legend`} className="mr-auto text-lg font-semibold">
              New question: {QUESTION_TYPE_NAMES[type]}
            </h2>
          ) : (
            <CardControls {...props} id={id} title={title} />
          )}
        </div>
        <QuestionStatsNote questionId={watch(`questions.${index}.questionId`)} />

        <div>
          <label htmlFor={`${id}-title`} className="block font-medium">
            Title
          </label>
          <input
            id={`${id}-title`}
            aria-invalid={errors?.title ? true : undefined}
            aria-describedby={described("title", true)}
            className={INPUT}
            {...register(`questions.${index}.title`)}
          />
          <p id={`${id}-title-hint`} className="text-sm text-stone-600">
            What buyers are asked: 1 to {TITLE_MAX} characters, starting with a letter or a digit (
            {characterCount(title)} / {TITLE_MAX}).
          </p>
          <p id={`${id}-title-error`} role="alert" className={ERROR}>
            {errors?.title?.message}
          </p>
        </div>

        {/* Dropdowns take no instructions today; one stored before stays visible so the seller can clear it. */}
        {(type !== "dropdown" || instructions !== "") && (
          <div>
            <label htmlFor={`${id}-instructions`} className="block font-medium">
              Instructions
            </label>
            <textarea
              id={`${id}-instructions`}
              rows={2}
              aria-invalid={errors?.instructions ? true : undefined}
              aria-describedby={described("instructions", true)}
              className={INPUT}
              {...register(`questions.${index}.instructions`, {
                // A too-long text named on load is re-checked as the seller shortens it, before any save.
                onChange: () => errors?.instructions && void trigger(`questions.${index}.instructions`),
              })}
            />
            <p id={`${id}-instructions-hint`} className="text-sm text-stone-600">
              Optional. At most {INSTRUCTIONS_MAX} characters ({characterCount(instructions)} / {INSTRUCTIONS_MAX}),
              starting with a letter or a digit, never 3 words in a row in capitals.
            </p>
            <p id={`${id}-instructions-error`} role="alert" className={ERROR}>
              {errors?.instructions?.message}
            </p>
          </div>
        )}

        {type === "text_input" && (
          <WholeNumberField
            form={form}
            name={`questions.${index}.maxAllowedCharacters`}
            id={`${id}-limit`}
            label="Character limit"
            min={CHAR_LIMIT_MIN}
            max={CHAR_LIMIT_MAX}
            error={errors?.maxAllowedCharacters?.message}
          />
        )}

        {type === "unlabeled_upload" && (
          <WholeNumberField
            form={form}
            name={`questions.${index}.maxAllowedFiles`}
            id={`${id}-files`}
            label="Most files a buyer may upload"
            min={1}
            max={FILES_MAX}
            error={errors?.maxAllowedFiles?.message}
          />
        )}

        {(type === "dropdown" || type === "labeled_upload") && (
          <OptionFields form={form} index={index} idPrefix={id} kind={type} announce={announce} />
        )}

        {type === "text_input" && pricing.offered !== false && (
          <div>
            <label htmlFor={`${id}-price`} className="block font-medium">
              Add-on price{pricing.currencyCode ? ` (${pricing.currencyCode})` : ""}
            </label>
            <input
              id={`${id}-price`}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              aria-invalid={errors?.addOnPrice ? true : undefined}
              aria-describedby={described("price", true)}
              className="mt-1 w-32 rounded-md border border-stone-400 p-2"
              {...register(`questions.${index}.addOnPrice`)}
            />
            <p id={`${id}-price-hint`} className="text-sm text-stone-600">
              Optional questions only: what buyers pay on top of the listing’s price when they answer, in{" "}
              {pricing.currencyCode ?? "your shop’s currency"}, up to {ADD_ON_PRICE_MAX.toLocaleString("en-US")} with at
              most two decimals.{" "}
              {pricing.each
                ? "Leave it empty to keep what each listing charges for this question now, or enter 0 to charge nothing."
                : "Leave it empty to charge nothing."}
            </p>
            <p id={`${id}-price-error`} role="alert" className={ERROR}>
              {errors?.addOnPrice?.message}
            </p>
          </div>
        )}

        <div className="flex items-center gap-2">
          <input
            id={`${id}-required`}
            type="checkbox"
            className="h-4 w-4"
            {...register(`questions.${index}.required`)}
          />
          <label htmlFor={`${id}-required`} className="font-medium">
            Buyers must answer (required)
          </label>
        </div>
      </fieldset>
    </li>
  );
}

/** Where the question stands in the set, and the buttons that move or remove it. */
function CardControls({ index, count, type, onMove, onRemove, id, title }: Props & { id: string; title: string }) {
  return (
    <>
      <span
        draggable
        onDragStart={(event) => {
          event.dataTransfer.setData(DRAG_TYPE, String(index));
          event.dataTransfer.effectAllowed = "move";
        }}
        className="cursor-grab select-none rounded px-1 text-stone-500"
        title="Drag to reorder"
        data-testid="drag-handle"
        aria-hidden="true"
      >
        ⠿
      </span>
      <h2 id={`${id}-legend`} className="mr-auto text-lg font-semibold">
        Question {index + 1}: {QUESTION_TYPE_NAMES[type]}
        <span className="sr-only">{title ? `(“${title}”)` : ""}</span>
      </h2>
      <button
        type="button"
        className={SMALL_BUTTON}
        disabled={index === 0}
        onClick={() => onMove(index, index - 1)}
        aria-label={`Move question ${index + 1} up`}
      >
        Move up
      </button>
      <button
        type="button"
        className={SMALL_BUTTON}
        disabled={index === count - 1}
        onClick={() => onMove(index, index + 1)}
        aria-label={`Move question ${index + 1} down`}
      >
        Move down
      </button>
      <button
        type="button"
        className={`${SMALL_BUTTON} text-red-800`}
        onClick={onRemove}
        aria-label={`Remove question ${index + 1}`}
      >
        Remove
      </button>
    </>
  );
}

type WholeNumberProps = {
  form: QuestionSetFormApi;
  name: `questions.${number}.maxAllowedCharacters` | `questions.${number}.maxAllowedFiles`;
  id: string;
  label: string;
  min: number;
  max: number;
  error: string | undefined;
};

function WholeNumberField({ form, name, id, label, min, max, error }: WholeNumberProps) {
  return (
    <div>
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint ${id}-error`}
        className="mt-1 w-32 rounded-md border border-stone-400 p-2"
        {...form.register(name, { valueAsNumber: true })}
      />
      <p id={`${id}-hint`} className="text-sm text-stone-600">
        A whole number from {min} to {max}.
      </p>
      <p id={`${id}-error`} role="alert" className={ERROR}>
        {error}
      </p>
    </div>
  );
}
