import type { Listing } from "@/lib/marketplace/wire";

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
  return (
    <>
      <td className="px-4 py-3">{more.length > 0 ? `Yes, ${more.length + 1} questions` : "Yes"}</td>
      <td className="px-4 py-3">{question.required ? "Required" : "Optional"}</td>
      <td className="px-4 py-3">{question.maxAllowedCharacters ?? "—"}</td>
    </>
  );
}
