import type { PersonalizationPhase } from "../env-schema";
import type { Question } from "../marketplace/wire";
import { questionSetWriteSchema } from "../personalization/question-set";
import { describeFirstIssue, personalizationWriteSchema } from "../personalization/schema";
import { editableInSingleQuestionEditor } from "../personalization/single-question-period";
import { personalizationBody, questionSetBody } from "./question-set-body";

const numbered = (questions: readonly Question[], index: number) =>
  questions.length > 1 ? `Question ${index + 1} (“${questions[index]?.title ?? ""}”)` : "Its question";

/** Why the marketplace would refuse these questions in this period, checked on the body the encoder would send. */
export function phaseProblem(after: readonly Question[], phase: PersonalizationPhase): string | undefined {
  if (after.length === 0) return undefined;
  if (phase === "single") {
    if (!editableInSingleQuestionEditor({ questions: after }))
      return "The marketplace takes several questions, or this kind of question, only in its multi-question period, and it is not in that period now.";
    if (after.some((question) => question.addOnPrice && question.addOnPrice.amount > 0))
      return "The marketplace takes add-on prices only in its multi-question period, and it is not in that period now.";
    const parsed = personalizationWriteSchema.safeParse(personalizationBody({ questions: [...after] }, "single")?.body);
    return parsed.success ? undefined : `Its question would break a rule: ${describeFirstIssue(parsed.error)}`;
  }
  const parsed = questionSetWriteSchema.safeParse(questionSetBody(after));
  if (parsed.success) return undefined;
  const index = parsed.error.issues[0]?.path[1];
  const issue = describeFirstIssue(parsed.error).replace(/^personalization_questions(\[\d+\])?(\.|: )/, "");
  return typeof index === "number"
    ? `${numbered(after, index)} would break a rule: ${issue}`
    : `It would break a rule: ${issue}`;
}
