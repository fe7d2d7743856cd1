import { characterCount } from "@/lib/personalization/rules";
import { QUESTION_INSTRUCTIONS_MAX } from "@/lib/personalization/question-draft";
import type { Question } from "@/lib/marketplace/wire";

/** The stored questions whose instructions are longer than the marketplace now accepts. */
export const overLimitOf = (questions: readonly Question[]) =>
  questions.flatMap((question, index) =>
    characterCount(question.instructions) > QUESTION_INSTRUCTIONS_MAX
      ? [{ index, title: question.title, length: characterCount(question.instructions) }]
      : [],
  );

/** Names each stored question whose instructions are now too long: shown as they are, never cut, until fixed. */
export function OverLimitNotice({ overLimit }: { overLimit: ReturnType<typeof overLimitOf> }) {
  if (overLimit.length === 0) return null;
  return (
    <div role="status" className="rounded-lg bg-amber-50 p-4 text-sm ring-1 ring-amber-200">
      <p className="font-semibold">Instructions too long for the marketplace now</p>
      <ul className="mt-1 list-disc pl-5">
        {overLimit.map(({ index, title, length }) => (
          <li key={index}>
            Question {index + 1} (“{title}”) has instructions of {length} characters; the marketplace now accepts at
            most {QUESTION_INSTRUCTIONS_MAX} while listings can ask several questions.
          </li>
        ))}
      </ul>
      <p className="mt-1">Buyers still see them as they are. Shorten them below, then save: nothing is cut for you.</p>
    </div>
  );
}
