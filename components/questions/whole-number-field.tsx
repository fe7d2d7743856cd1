import type { QuestionSetFormApi } from "./drafts";
import { ERROR } from "./field-classes";

type Props = {
  form: QuestionSetFormApi;
  name: `questions.${number}.maxAllowedCharacters` | `questions.${number}.maxAllowedFiles`;
  id: string;
  label: string;
  min: number;
  max: number;
  error: string | undefined;
};

/** A text question's character limit or an upload's most files: a whole number between two bounds. */
export function WholeNumberField({ form, name, id, label, min, max, error }: Props) {
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
