import { QUESTION_TYPE_NAMES, QUESTION_TYPES, type QuestionType } from "@/lib/personalization/question-types";
import type { FieldKind, Values } from "./change-kinds";

export const FIELD_CLASS = "mt-1 block w-full rounded-md px-3 py-2 ring-1 ring-stone-300";

type Set = <K extends keyof Values>(key: K, value: Values[K]) => void;

/** The one field a change of one setting asks for (none, to remove personalization). */
export function ChangeField({ kind, values, set }: { kind: FieldKind; values: Values; set: Set }) {
  switch (kind) {
    case "remove-type":
      return (
        <label className="mt-3 block font-medium">
          Question type
          <select
            value={values.type}
            onChange={(event) => set("type", event.target.value as QuestionType)}
            className={FIELD_CLASS}
          >
            {QUESTION_TYPES.map((type) => (
              <option key={type} value={type}>
                {QUESTION_TYPE_NAMES[type]}
              </option>
            ))}
          </select>
        </label>
      );
    case "text-instructions":
      return (
        <label className="mt-3 block font-medium">
          Instructions
          <textarea
            value={values.instructions}
            onChange={(event) => set("instructions", event.target.value)}
            rows={3}
            className={FIELD_CLASS}
          />
        </label>
      );
    case "text-limit":
      return (
        <label className="mt-3 block font-medium">
          Character limit
          <input
            type="number"
            min={1}
            max={1024}
            value={values.limit}
            onChange={(event) => set("limit", event.target.value)}
            className={FIELD_CLASS}
          />
        </label>
      );
    case "text-required":
      return (
        <label className="mt-3 flex items-center gap-2 font-medium">
          <input
            type="checkbox"
            checked={values.required}
            onChange={(event) => set("required", event.target.checked)}
            className="size-4"
          />
          Buyers must answer
        </label>
      );
    case "text-add-on-price":
      return (
        <label className="mt-3 block font-medium">
          Add-on price (empty removes it)
          <input
            inputMode="decimal"
            value={values.price}
            onChange={(event) => set("price", event.target.value)}
            placeholder="2.50"
            className={FIELD_CLASS}
          />
        </label>
      );
    case "remove-personalization":
      return null;
  }
}
