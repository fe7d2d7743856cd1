import type { FieldErrors, Resolver } from "react-hook-form";
import { sellerQuestionSchema } from "@/lib/personalization/hidden-characters";
import type { QuestionForm } from "@/lib/personalization/schema";

/**
 * The editor's three flat fields checked with the one schema the action and the sandbox use (plus the dashboard's
 * hidden-characters rule, as the action checks them). It stands in for
 * @hookform/resolvers' zodResolver, which carries zod 3 and nested-path support this form does not need (about 1.5 kB
 * gzip of the editor's first load, issue 14). The first rule a field breaks is its message, as with zodResolver.
 */
export const questionResolver: Resolver<QuestionForm> = async (values) => {
  const parsed = sellerQuestionSchema.safeParse(values);
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: FieldErrors<QuestionForm> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof QuestionForm | undefined;
    if (field && !errors[field]) errors[field] = { type: issue.code, message: issue.message };
  }
  return { values: {}, errors };
};
