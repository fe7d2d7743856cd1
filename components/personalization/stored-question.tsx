import type { Listing, Question } from "@/lib/marketplace/wire";
import { addOnLabel } from "@/lib/personalization/add-on-price";
import { editableInSingleQuestionEditor } from "@/lib/personalization/single-question-period";
import { isQuestionType, QUESTION_TYPE_NAMES } from "@/lib/personalization/question-types";
import { QuestionStatsNote } from "@/components/questions/question-stats";

function QuestionDetails({ question, numbered }: { question: Question; numbered: boolean }) {
  return (
    <>
      {numbered && (
        <>
          <dt className="mt-2 text-stone-600">Question</dt>
          <dd className="mt-2 font-medium" data-testid="stored-title">
            {question.title}{" "}
            <span className="font-normal text-stone-600">
              ({isQuestionType(question.type) ? QUESTION_TYPE_NAMES[question.type] : question.type})
            </span>
          </dd>
        </>
      )}
      <dt className="text-stone-600">Instructions</dt>
      <dd className="break-words" data-testid="stored-instructions">
        {question.instructions || "None"}
      </dd>
      <dt className="text-stone-600">Required</dt>
      <dd data-testid="stored-required">{question.required ? "Yes" : "No"}</dd>
      {question.options ? (
        <>
          <dt className="text-stone-600">Choices</dt>
          <dd className="break-words">{question.options.join(", ")}</dd>
        </>
      ) : null}
      {question.maxAllowedFiles !== undefined ? (
        <>
          <dt className="text-stone-600">Files</dt>
          <dd>up to {question.maxAllowedFiles}</dd>
        </>
      ) : question.options ? null : (
        <>
          <dt className="text-stone-600">Character limit</dt>
          <dd data-testid="stored-limit">{question.maxAllowedCharacters ?? "—"}</dd>
        </>
      )}
      {addOnLabel(question.addOnPrice) && (
        <>
          <dt className="text-stone-600">Add-on price</dt>
          <dd data-testid="stored-price">{addOnLabel(question.addOnPrice)}</dd>
        </>
      )}
    </>
  );
}

export function StoredQuestion({ listing }: { listing: Listing }) {
  const numbered = !editableInSingleQuestionEditor(listing);
  return (
    <section
      aria-labelledby="stored-heading"
      className="self-start rounded-xl bg-white p-5 text-stone-900 ring-1 ring-stone-200"
      data-testid="stored-question"
    >
      <h2 id="stored-heading" className="text-sm font-semibold uppercase tracking-wide text-stone-600">
        On the marketplace now
      </h2>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-stone-600">Personalizable</dt>
        <dd data-testid="stored-personalizable">{listing.isPersonalizable ? "Yes" : "No"}</dd>
        {listing.questions.length === 0 ? (
          <>
            <dt className="text-stone-600">Question</dt>
            <dd>None</dd>
          </>
        ) : (
          listing.questions.map((question, index) => (
            <div key={question.id ?? index} className="contents">
              <QuestionDetails question={question} numbered={numbered} />
            </div>
          ))
        )}
      </dl>
      {listing.questions.length === 1 && (
        <div className="mt-3">
          <QuestionStatsNote questionId={listing.questions[0]?.id} />
        </div>
      )}
      {listing.legacyDisagrees && (
        <p className="mt-3 text-xs text-amber-800">
          The marketplace&apos;s older summary of this question, which some apps still read, says something else; saving
          the question brings it in line.
        </p>
      )}
    </section>
  );
}
