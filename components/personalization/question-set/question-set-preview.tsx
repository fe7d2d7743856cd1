import { typedAddOnLabel } from "@/lib/personalization/add-on-price";
import type { QuestionDraft } from "@/lib/personalization/question-draft";
import { QUESTION_TYPE_NAMES } from "@/lib/personalization/question-types";

const FIELD = "mt-2 w-full rounded-md border border-stone-300 bg-stone-50 p-2 text-sm";

function Answer({ question, label }: { question: QuestionDraft; label: string }) {
  switch (question.type) {
    case "text_input": {
      const limit =
        Number.isInteger(question.maxAllowedCharacters) && question.maxAllowedCharacters > 0
          ? question.maxAllowedCharacters
          : undefined;
      return (
        <>
          <textarea aria-label={label} disabled rows={2} maxLength={limit} className={FIELD} />
          <p className="text-right text-xs text-stone-600">{limit ? `0 / ${limit}` : "Set a character limit"}</p>
        </>
      );
    }
    case "dropdown":
      return (
        <select aria-label={label} disabled className={FIELD} defaultValue="">
          <option value="">Select an option</option>
          {question.options.map((option, index) => (
            <option key={index}>{option.label || "(no label yet)"}</option>
          ))}
        </select>
      );
    case "unlabeled_upload": {
      const files =
        Number.isInteger(question.maxAllowedFiles) && question.maxAllowedFiles > 0
          ? question.maxAllowedFiles
          : undefined;
      return (
        <p className={FIELD}>
          <span aria-hidden="true">⬆ </span>
          {files ? `Upload up to ${files} ${files === 1 ? "file" : "files"}` : "Set how many files buyers may upload"}
        </p>
      );
    }
    case "labeled_upload":
      return (
        <ul className="mt-2 space-y-1">
          {question.options.map((option, index) => (
            <li key={index} className="rounded-md border border-stone-300 bg-stone-50 p-2 text-sm">
              <span aria-hidden="true">⬆ </span>
              {option.label || "(no label yet)"}: one file
            </li>
          ))}
        </ul>
      );
  }
}

// The marketplace charges an add-on price only on an optional text question.
function AddOn({ question, currencyCode }: { question: QuestionDraft; currencyCode?: string }) {
  const price =
    question.type === "text_input" && !question.required ? typedAddOnLabel(question.addOnPrice, currencyCode) : "";
  if (!price) return null;
  return (
    <span className="ml-2 font-normal text-stone-700" data-testid="preview-price">
      {price}
    </span>
  );
}

/** Every question in order, roughly as a buyer sees them on the listing page. */
export function QuestionSetPreview({ questions, currencyCode }: { questions: QuestionDraft[]; currencyCode?: string }) {
  return (
    <section
      aria-labelledby="set-preview-heading"
      className="rounded-xl bg-white p-5 ring-1 ring-stone-200"
      data-testid="question-set-preview"
    >
      <h2 id="set-preview-heading" className="text-sm font-semibold uppercase tracking-wide text-stone-600">
        Preview: what buyers see
      </h2>
      {questions.length === 0 ? (
        <p className="mt-4 text-sm text-stone-600">No questions: buyers are not asked anything.</p>
      ) : (
        <ol className="mt-4 space-y-5">
          {questions.map((question, index) => (
            <li key={index} data-testid="preview-question">
              <p className="font-medium">
                <span data-testid="preview-title">{question.title || `Question ${index + 1}`}</span>{" "}
                {question.required ? (
                  <span className="text-red-800">*</span>
                ) : (
                  <span className="font-normal text-stone-600">(optional)</span>
                )}
                <span className="sr-only"> ({QUESTION_TYPE_NAMES[question.type]})</span>
                <AddOn question={question} currencyCode={currencyCode} />
              </p>
              {question.instructions && (
                <p className="mt-1 whitespace-pre-wrap break-words text-sm text-stone-700">{question.instructions}</p>
              )}
              <Answer question={question} label={`Buyer's answer to question ${index + 1} (preview only)`} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
