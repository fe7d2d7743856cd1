import { formatMoney } from "@/lib/personalization/add-on-price";
import { describeSnapshot, type Snapshot } from "@/lib/personalization/snapshot";

type Question = Snapshot["questions"][number];
type Field = { label: string; value: (question: Question) => string };

const FIELDS: Field[] = [
  { label: "Instructions", value: (question) => (question.instructions ? `“${question.instructions}”` : "None") },
  {
    label: "Character limit",
    value: (question) => (question.maxAllowedCharacters === null ? "None" : String(question.maxAllowedCharacters)),
  },
  { label: "Required", value: (question) => (question.required ? "Yes" : "No") },
  { label: "Add-on price", value: (question) => (question.addOnPrice ? formatMoney(question.addOnPrice) : "None") },
];

// Of several questions, the title and choices can change too.
const SET_FIELDS: Field[] = [
  { label: "Title", value: (question) => `“${question.title}”` },
  ...FIELDS,
  { label: "Choices", value: (question) => (question.options?.length ? question.options.join(", ") : "None") },
  {
    label: "Files",
    value: (question) => (question.maxAllowedFiles === undefined ? "None" : `up to ${question.maxAllowedFiles}`),
  },
];

type Row = { label: string; before: string; after: string };

function rowsOf(before: Snapshot, after: Snapshot): Row[] {
  const count = before.questions.length;
  const paired = count > 0 && count === after.questions.length;
  const sameKinds =
    paired && before.questions.every((question, index) => question.type === after.questions[index]!.type);
  if (!sameKinds) return [{ label: "Question", before: describeSnapshot(before), after: describeSnapshot(after) }];
  return before.questions.flatMap((from, index) => {
    const to = after.questions[index]!;
    const fields = count === 1 ? FIELDS : SET_FIELDS;
    return fields
      .map((field) => ({
        label: count === 1 ? field.label : `Question ${index + 1} (“${to.title}”), ${field.label.toLowerCase()}`,
        before: field.value(from),
        after: field.value(to),
      }))
      .filter((row) => row.before !== row.after);
  });
}

/** Before → after of one change: field by field when both sides ask the same kinds of question, otherwise the whole set. */
export function SnapshotDiff({ before, after }: { before: Snapshot; after: Snapshot }) {
  const rows = rowsOf(before, after);
  if (rows.length === 0) return <p className="text-sm text-stone-700">No change to what buyers are asked.</p>;
  return (
    <dl className="mt-1 space-y-1 text-sm" data-testid="history-diff">
      {rows.map((row) => (
        <div key={row.label} className="flex flex-wrap gap-x-2">
          <dt className="text-stone-700">{row.label}:</dt>
          <dd className="min-w-0 break-words">
            <del className="text-red-800 decoration-1">{row.before}</del>
            <span role="img" aria-label="changed to">
              {" → "}
            </span>
            <ins className="font-medium text-green-800 no-underline">{row.after}</ins>
          </dd>
        </div>
      ))}
    </dl>
  );
}
