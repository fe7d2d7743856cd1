import type { ChangeInput } from "@/lib/changes/change-input";
import type { QuestionType } from "@/lib/personalization/question-types";

export type Kind = ChangeInput["kind"];

export const KINDS: { value: Kind; label: string }[] = [
  { value: "add-question", label: "Add a question" },
  { value: "replace-set", label: "Apply a question set (typed here or from a template)" },
  { value: "text-instructions", label: "The text question's instructions" },
  { value: "text-limit", label: "The text question's character limit" },
  { value: "text-required", label: "Whether buyers must answer the text question" },
  { value: "text-add-on-price", label: "The text question's add-on price" },
  { value: "remove-type", label: "Remove the questions of one type" },
  { value: "remove-personalization", label: "Remove personalization" },
];

/** What the change dialog holds for every kind, so switching kinds keeps what was typed. */
export type Values = {
  kind: Kind;
  instructions: string;
  limit: string;
  required: boolean;
  price: string;
  type: QuestionType;
};

export const DEFAULT_VALUES: Values = {
  kind: "add-question",
  instructions: "",
  limit: "100",
  required: false,
  price: "",
  type: "text_input",
};

/** The kinds typed in one field or none, rather than as whole questions. */
export type FieldKind = Exclude<Kind, "replace-set" | "add-question">;

export function changeOf(
  values: Values & { kind: FieldKind },
): Exclude<ChangeInput, { kind: "replace-set" | "add-question" }> {
  switch (values.kind) {
    case "text-instructions":
      return { kind: values.kind, instructions: values.instructions };
    case "text-limit":
      return { kind: values.kind, limit: Number(values.limit) };
    case "text-required":
      return { kind: values.kind, required: values.required };
    case "text-add-on-price":
      return { kind: values.kind, price: values.price };
    case "remove-type":
      return { kind: values.kind, type: values.type };
    case "remove-personalization":
      return { kind: "remove-personalization" };
  }
}
