// What the migration period allows (docs/marketplace.md §9.6), as the sandbox asks of a single-question write.
export function editableInSingleQuestionEditor(listing: { questions: readonly { type: string; title: string }[] }) {
  const [first, ...rest] = listing.questions;
  return rest.length === 0 && (!first || (first.type === "text_input" && first.title === "Personalization"));
}
