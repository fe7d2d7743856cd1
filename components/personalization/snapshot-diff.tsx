import { formatMoney } from "@/lib/personalization/add-on-price";
import { describeSnapshot, type Snapshot } from "@/lib/personalization/snapshot";

type Field = { label: string; value: (question: Snapshot["questions"][number]) => string };

const FIELDS: Field[] = [
  { label: "Instructions", value: (question) => (question.instructions ? `“${question.instructions}”` : "None") },
  {
    label: "Character limit",
    value: (question) => (question.maxAllowedCharacters === null ? "None" : String(question.maxAllowedCharacters)),
  },
  { label: "Required", value: (question) => (question.required ? "Yes" : "No") },
  { label: "Add-on price", value: (question) => (question.addOnPrice ? formatMoney(question.addOnPrice) : "None") },
];

const single = (snapshot: Snapshot) => (snapshot.questions.length === 1 ? snapshot.questions[0] : undefined);

/** Before → after of one change: the fields that changed when both sides hold one question, otherwise the whole question. */
export function SnapshotDiff({ before, after }: { before: Snapshot; after: Snapshot }) {
  const from = single(before);
  const to = single(after);
  const rows =
    from && to
      ? FIELDS.map((field) => ({ label: field.label, before: field.value(from), after: field.value(to) })).filter(
          (row) => row.before !== row.after,
        )
      : [{ label: "Question", before: describeSnapshot(before), after: describeSnapshot(after) }];
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
