"use client";

import { useState, type DragEvent } from "react";
import { useFormState, useWatch } from "react-hook-form";
import { characterCount, CHAR_LIMIT_MAX, CHAR_LIMIT_MIN } from "@/lib/personalization/rules";
import {
  FILES_MAX,
  QUESTION_INSTRUCTIONS_MAX as INSTRUCTIONS_MAX,
  TITLE_MAX,
} from "@/lib/personalization/question-draft";
import { QUESTION_TYPE_NAMES, type QuestionType } from "@/lib/personalization/question-types";
import type { QuestionSetFormApi } from "./drafts";
import { OptionFields } from "./option-fields";
import { QuestionStatsNote } from "./question-stats";
import { AddOnPriceField, type Pricing } from "./add-on-price-field";
import { CardControls, DRAG_TYPE } from "./card-controls";
import { INPUT, ERROR } from "./field-classes";
import { WholeNumberField } from "./whole-number-field";

export type { Pricing };

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

/** One question of the set: its place in the order, its title, instructions and required, and the fields of its type. */
export function QuestionCard(props: Props) {
  const { form, index, fieldId, onMove, announce, pricing, alone = false } = props;
  const { register, control, trigger } = form;
  const errors = useFormState({ control, name: `questions.${index}` }).errors.questions?.[index];
  const id = `question-${fieldId}`;
  // The card watches its own type, so the list around it need not watch every question.
  const [watchedInstructions, watchedTitle, questionId, watchedType] = useWatch({
    control,
    name: [
      `questions.${index}.instructions`,
      `questions.${index}.title`,
      `questions.${index}.questionId`,
      `questions.${index}.type`,
    ],
  });
  const type = watchedType ?? props.type;
  const instructions = watchedInstructions ?? "";
  const title = watchedTitle ?? "";
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
            <CardControls {...props} id={id} title={title} type={type} />
          )}
        </div>
        <QuestionStatsNote questionId={questionId} />

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
          <AddOnPriceField form={form} index={index} id={id} pricing={pricing} error={errors?.addOnPrice?.message} />
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
