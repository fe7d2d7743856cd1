import type { Listing } from "@/lib/marketplace/wire";
import { editableInSingleQuestionEditor } from "@/lib/personalization/editable";
import { isQuestionType, QUESTION_TYPE_NAMES } from "@/lib/personalization/question-types";

const typeName = (type: string) => (isQuestionType(type) ? QUESTION_TYPE_NAMES[type] : type);

/** Three cells: whether buyers are asked (and how many questions), whether an answer is required, and the character limit. */
export function QuestionSummary({ listing, multiQuestion = false }: { listing: Listing; multiQuestion?: boolean }) {
  const [question, ...more] = listing.questions;
  if (!question) {
    return (
      <>
        <td className="px-4 py-3 text-stone-500">No question</td>
        <td className="px-4 py-3 text-stone-500">—</td>
        <td className="px-4 py-3 text-stone-500">—</td>
      </>
    );
  }
  if (!editableInSingleQuestionEditor(listing)) {
    const count = more.length + 1;
    const required = listing.questions.filter((each) => each.required).length;
    const editable = multiQuestion && listing.questions.every((each) => isQuestionType(each.type));
    return (
      <>
        <td className="px-4 py-3">
          Yes, {count} {count > 1 ? "questions" : "question"}
          <p className="mt-1 text-xs text-stone-600">{listing.questions.map((each) => typeName(each.type)).join(", ")}</p>
          {!editable && <p className="mt-1 text-xs text-stone-600">Read-only here: this dashboard edits one text question titled “Personalization”.</p>}
        </td>
        <td className="px-4 py-3">{required === 0 ? "Optional" : count === 1 ? "Required" : `${required} of ${count} required`}</td>
        <td className="px-4 py-3">{count === 1 && question.maxAllowedCharacters !== null ? question.maxAllowedCharacters : "—"}</td>
      </>
    );
  }
  return (
    <>
      <td className="px-4 py-3">Yes</td>
      <td className="px-4 py-3">{question.required ? "Required" : "Optional"}</td>
      <td className="px-4 py-3">{question.maxAllowedCharacters ?? "—"}</td>
    </>
  );
}
