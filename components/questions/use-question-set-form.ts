import { useEffect } from "react";
import { useForm, type FieldPath, type Resolver } from "react-hook-form";
import type { QuestionSetForm } from "@/lib/personalization/question-set";
import type { QuestionSetFormApi, QuestionSetValues } from "./drafts";

type SetResolver = Resolver<QuestionSetValues, unknown, QuestionSetForm>;
let loaded: Promise<SetResolver> | undefined;
// The schema and its library load on the first check, not with the editor: evaluating them held up its first load.
const resolver: SetResolver = async (...check) => {
  loaded ??= Promise.all([import("@hookform/resolvers/zod"), import("@/lib/personalization/editor-schema")]).then(
    ([{ zodResolver }, { sellerQuestionSetSchema }]) => zodResolver(sellerQuestionSetSchema) as unknown as SetResolver,
  );
  return (await loaded)(...check);
};

/**
 * The form over a question set, checked in the browser with the schema the server action and the sandbox use.
 * `checkAsTyped`: every field is checked as it is typed, for a form without buttons that add and move choices.
 * `storedPasses`: the server found the stored questions pass (storedQuestionsPass), so they are not checked again.
 */
export function useQuestionSetForm(
  defaultValues: QuestionSetValues,
  { checkAsTyped = false, storedPasses = false }: { checkAsTyped?: boolean; storedPasses?: boolean } = {},
): QuestionSetFormApi {
  const form = useForm<QuestionSetValues, unknown, QuestionSetForm>({
    // The drafts carry every type's fields; the schema's output keeps only what each question's type uses.
    resolver,
    // Checked on save, then again as the seller corrects: a check on every blur raced the buttons that add and move choices.
    mode: checkAsTyped ? "onChange" : "onSubmit",
    reValidateMode: "onChange",
    defaultValues,
  });
  const stored = defaultValues.questions.length > 0;
  const { trigger, subscribe, getFieldState } = form;
  // A stored value that breaks today's rules says so when the editor opens, and that field is checked as it is typed.
  useEffect(() => {
    if (!stored) return;
    if (!storedPasses) void trigger();
    return subscribe({
      formState: { values: true },
      callback: ({ name }) => {
        if (name && getFieldState(name as FieldPath<QuestionSetValues>).error)
          void trigger(name as FieldPath<QuestionSetValues>);
      },
    });
  }, [stored, storedPasses, trigger, subscribe, getFieldState]);
  return form;
}
