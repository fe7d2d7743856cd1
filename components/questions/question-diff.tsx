import type { QuestionChange } from "@/lib/personalization/question-diff";

const CHANGE_WORDS: Record<QuestionChange["change"], string> = { added: "Added: ", removed: "Removed: ", changed: "" };

/** Before → after of a change to what buyers are asked: per question, per field, as the editor names them. */
export function QuestionDiff({ changes, label = "What changes" }: { changes: QuestionChange[]; label?: string }) {
  if (changes.length === 0) return <p className="text-sm text-stone-700">No change to what buyers are asked.</p>;
  return (
    <ul className="mt-1 space-y-1 text-sm" aria-label={label} data-testid="question-diff">
      {changes.map((change, index) => (
        <li key={index} data-testid="question-change" data-change={change.change}>
          {change.question && (
            <p className="font-medium">
              {CHANGE_WORDS[change.change]}“{change.question.title}” ({change.question.type})
            </p>
          )}
          <ul className={change.question ? "ml-3" : ""}>
            {change.fields.map((field) => (
              <li key={field.field} className="break-words" data-testid="field-change">
                <span className="text-stone-700">{field.field}:</span>{" "}
                {field.before !== null && <del className="text-red-800 decoration-1">{field.before}</del>}
                {field.before !== null && field.after !== null && (
                  <span role="img" aria-label="changed to">
                    {" → "}
                  </span>
                )}
                {field.after !== null && <ins className="font-medium text-green-800 no-underline">{field.after}</ins>}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
