import type { FieldErrors, Resolver } from "react-hook-form";
import type { QuestionForm } from "@/lib/personalization/schema";

type Schema = typeof import("@/lib/personalization/editor-schema").sellerQuestionSchema;

// The schema (and zod) load when the form first checks a value, after the seller's first change or Save: not on the
// page's first load (issue 14). The rules shown while typing come from rules.ts, which has no zod. A load that failed
// (a dropped connection) is tried again at the next check.
let schema: Promise<Schema> | undefined;
const loadSchema = () =>
  (schema ??= import("@/lib/personalization/editor-schema").then(
    (module) => module.sellerQuestionSchema,
    (error: unknown) => {
      schema = undefined;
      throw error;
    },
  ));

/**
 * The editor's three flat fields checked with the one schema the action and the sandbox use (plus the dashboard's
 * hidden-characters rule, as the action checks them). It stands in for
 * @hookform/resolvers' zodResolver, which carries zod 3 and nested-path support this form does not need (about 1.5 kB
 * gzip of the editor's first load, issue 14). The first rule a field breaks is its message, as with zodResolver.
 */
export const questionResolver: Resolver<QuestionForm> = async (values) => {
  const checks = await loadSchema().catch(() => undefined);
  // Without its checks the form still saves: the server action runs the same schema and names each field it refuses.
  if (!checks) return { values, errors: {} };
  const parsed = checks.safeParse(values);
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: FieldErrors<QuestionForm> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof QuestionForm | undefined;
    if (field && !errors[field]) errors[field] = { type: issue.code, message: issue.message };
  }
  return { values: {}, errors };
};
