import type { Listing } from "@/lib/marketplace/wire";
import { editableInSingleQuestionEditor } from "@/lib/personalization/editable";

/** Three cells: whether buyers are asked, whether an answer is required, and the character limit. */
export function QuestionSummary({ listing }: { listing: Listing }) {
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
    const required = listing.questions.filter((each) => each.required).length;
    return (
      <>
        <td className="px-4 py-3">
          Yes, {more.length + 1} {more.length > 0 ? "questions" : "question"}
          <p className="mt-1 text-xs text-stone-600">Read-only here: this dashboard edits one text question titled “Personalization”.</p>
        </td>
        <td className="px-4 py-3">{required === 0 ? "Optional" : more.length === 0 ? "Required" : `${required} of ${more.length + 1} required`}</td>
        <td className="px-4 py-3">{more.length === 0 && question.maxAllowedCharacters !== null ? question.maxAllowedCharacters : "—"}</td>
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
