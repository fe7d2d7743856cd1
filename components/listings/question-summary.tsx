import type { Listing } from "@/lib/marketplace/wire";
import { addOnLabel } from "@/lib/personalization/add-on-price";
import { editableInSingleQuestionEditor } from "@/lib/personalization/single-question-period";
import { isQuestionType, QUESTION_TYPE_NAMES } from "@/lib/personalization/question-types";

type Summary = { asked: string | null; note: string | null; required: string; limit: string; price: string | null };

const typeName = (type: string) => (isQuestionType(type) ? QUESTION_TYPE_NAMES[type] : type);

export function summarize(listing: Listing, multiQuestion = false): Summary {
  const [question, ...more] = listing.questions;
  if (!question) return { asked: null, note: null, required: "—", limit: "—", price: null };
  const prices = listing.questions.map((each) => addOnLabel(each.addOnPrice)).filter(Boolean);
  const price = prices.length === 0 ? null : `Add-on ${prices.length > 1 ? "prices" : "price"} ${prices.join(", ")}`;
  if (!editableInSingleQuestionEditor(listing)) {
    const count = more.length + 1;
    const required = listing.questions.filter((each) => each.required).length;
    const editable = multiQuestion && listing.questions.every((each) => isQuestionType(each.type));
    const types = listing.questions.map((each) => typeName(each.type)).join(", ");
    return {
      asked: `Yes, ${count} ${count > 1 ? "questions" : "question"} (${types}): ${question.instructions || question.title}`,
      note: editable ? null : "Read-only here: this dashboard edits one text question titled “Personalization”.",
      required: required === 0 ? "Optional" : count === 1 ? "Required" : `${required} of ${count} required`,
      limit: count === 1 && question.maxAllowedCharacters !== null ? String(question.maxAllowedCharacters) : "—",
      price,
    };
  }
  return {
    asked: question.instructions || "A question with no instructions",
    note: null,
    required: question.required ? "Required" : "Optional",
    limit: question.maxAllowedCharacters === null ? "—" : String(question.maxAllowedCharacters),
    price,
  };
}

const LONG = 60;

function TruncatedText({ text, className = "" }: { text: string; className?: string }) {
  if (text.length <= LONG) return <span className={className}>{text}</span>;
  return (
    <span tabIndex={0} className={`group relative block rounded-sm ${className}`}>
      <span className="line-clamp-2">{text}</span>
      <span
        aria-hidden="true"
        className="invisible absolute top-full left-0 z-20 mt-1 w-72 max-w-[80vw] rounded-md bg-stone-900 p-2 text-xs whitespace-pre-wrap text-white shadow-lg group-hover:visible group-focus:visible"
      >
        {text}
      </span>
    </span>
  );
}

export function AskedText({ summary }: { summary: Summary }) {
  if (summary.asked === null) return <span className="text-stone-500">No question</span>;
  return (
    <>
      <TruncatedText text={summary.asked} />
      {summary.price && (
        <span className="mt-1 block text-xs font-medium text-stone-700" data-testid="listing-price">
          {summary.price}
        </span>
      )}
      {summary.note && <span className="mt-1 block text-xs text-stone-600">{summary.note}</span>}
    </>
  );
}

export function QuestionSummary({ summary }: { summary: Summary }) {
  const muted = summary.asked === null ? "text-stone-500" : "";
  return (
    <>
      <td className="hidden px-4 py-3 md:table-cell">
        <AskedText summary={summary} />
      </td>
      <td className={`hidden px-4 py-3 md:table-cell ${muted}`}>{summary.required}</td>
      <td className={`hidden px-4 py-3 md:table-cell ${muted}`}>{summary.limit}</td>
    </>
  );
}
