"use client";

import { memo, useState } from "react";
import { useFieldArray, useFormState } from "react-hook-form";
import { newQuestionDraft, QUESTIONS_MAX } from "@/lib/personalization/question-draft";
import { QUESTION_TYPE_NAMES, QUESTION_TYPES, type QuestionType } from "@/lib/personalization/question-types";
import type { QuestionSetFormApi } from "./drafts";
import { QuestionCard, type Pricing } from "./question-card";

/**
 * The questions of a set in order, with add (up to the limit), remove and reorder; shared by the listing's editor and the
 * change dialog. Each part subscribes to the values and errors it shows (useWatch, useFormState), so a render of the form
 * around it (RHF renders its host once more after mounting) leaves the list alone.
 */
export const QuestionList = memo(function QuestionList({
  form,
  idPrefix = "",
  pricing = {},
}: {
  form: QuestionSetFormApi;
  idPrefix?: string;
  pricing?: Pricing;
}) {
  const { control, getValues } = form;
  const { fields, append, remove, move } = useFieldArray({ control, name: "questions" });
  const [announcement, setAnnouncement] = useState("");
  const [newType, setNewType] = useState<QuestionType>("text_input");
  const { errors } = useFormState({ control, name: "questions" });
  const setError = errors.questions?.root?.message ?? errors.questions?.message;

  const moveQuestion = (from: number, to: number) => {
    if (to < 0 || to >= fields.length) return;
    move(from, to);
    setAnnouncement(
      `Question “${getValues(`questions.${to}.title`)}” moved to position ${to + 1} of ${fields.length}.`,
    );
  };

  return (
    <>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <ol className="space-y-4">
        {fields.map((field, index) => (
          <QuestionCard
            key={field.id}
            form={form}
            index={index}
            count={fields.length}
            fieldId={`${idPrefix}${field.id}`}
            type={field.type}
            onMove={moveQuestion}
            onRemove={() => {
              const title = getValues(`questions.${index}.title`);
              remove(index);
              setAnnouncement(`Question “${title}” removed. ${fields.length - 1} left.`);
            }}
            announce={setAnnouncement}
            pricing={pricing}
          />
        ))}
      </ol>
      <p role="alert" className="text-sm font-medium text-red-800">
        {setError}
      </p>

      <div className="flex flex-wrap items-end gap-3 rounded-xl bg-stone-50 p-4 ring-1 ring-stone-200">
        <div>
          <label htmlFor={`${idPrefix}new-question-type`} className="block text-sm font-medium">
            Type of the new question
          </label>
          <select
            id={`${idPrefix}new-question-type`}
            value={newType}
            onChange={(event) => setNewType(event.target.value as QuestionType)}
            className="mt-1 rounded-md border border-stone-400 p-2"
          >
            {QUESTION_TYPES.map((type) => (
              <option key={type} value={type}>
                {QUESTION_TYPE_NAMES[type]}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          disabled={fields.length >= QUESTIONS_MAX}
          aria-describedby={`${idPrefix}add-question-hint`}
          onClick={() => {
            append(newQuestionDraft(newType), { shouldFocus: true, focusName: `questions.${fields.length}.title` });
            setAnnouncement(`${QUESTION_TYPE_NAMES[newType]} question added as question ${fields.length + 1}.`);
          }}
          className="rounded-lg px-4 py-2 font-medium ring-1 ring-stone-400 hover:bg-white disabled:opacity-50"
        >
          Add a question
        </button>
        <p id={`${idPrefix}add-question-hint`} className="text-sm text-stone-600">
          {fields.length >= QUESTIONS_MAX
            ? `A listing can ask at most ${QUESTIONS_MAX} questions: remove one to add another.`
            : `${fields.length} of ${QUESTIONS_MAX} questions.`}
        </p>
      </div>
    </>
  );
});
