/**
 * The single-question editor can show and save only what the migration period allows (decisions.md "Phases"). The
 * sandbox asks the same of a write without supports_multiple_personalization_questions.
 */
export function editableInSingleQuestionEditor(listing: { questions: readonly { type: string; title: string }[] }) {
  const [first, ...rest] = listing.questions;
  return rest.length === 0 && (!first || (first.type === "text_input" && first.title === "Personalization"));
}
