import { formatMoney, samePrice, type StoredQuestion } from "../marketplace/stored-question";

export type DiffField =
  "question" | "position" | "title" | "instructions" | "required" | "limit" | "files" | "options" | "add-on price";

export type FieldDiff = { question: string; field: DiffField; before: string; after: string };

const FIELDS: { field: DiffField; show: (question: StoredQuestion) => string }[] = [
  { field: "title", show: (q) => q.question_text },
  { field: "instructions", show: (q) => q.instructions ?? "" },
  { field: "required", show: (q) => (q.required ? "required" : "optional") },
  { field: "limit", show: (q) => (q.max_allowed_characters === null ? "" : String(q.max_allowed_characters)) },
  { field: "files", show: (q) => (q.max_allowed_files === null ? "" : String(q.max_allowed_files)) },
  { field: "options", show: (q) => (q.options ?? []).map((option) => option.label).join(", ") },
];

export const describeQuestion = (question: StoredQuestion) => {
  const price = formatMoney(question.add_on_price);
  return `“${question.question_text}” (${question.question_type}${question.required ? ", required" : ""}${price ? `, ${price}` : ""})`;
};

// By the marketplace's id, or where it gave none by position and type; unpaired questions were added or removed.
export function pairQuestions(before: readonly StoredQuestion[], after: readonly StoredQuestion[]) {
  const taken = new Set<number>();
  const pairs = after.map((question, index) => {
    let from = -1;
    if (question.question_id !== undefined)
      from = before.findIndex((candidate) => candidate.question_id === question.question_id);
    else if (before[index]?.question_id === undefined && before[index]?.question_type === question.question_type)
      from = index;
    if (from >= 0 && !taken.has(from)) {
      taken.add(from);
      return { after: index, before: from };
    }
    return { after: index, before: -1 };
  });
  const removed = before.flatMap((_, index) => (taken.has(index) ? [] : [index]));
  return { pairs, removed };
}

export function fieldDiff(before: readonly StoredQuestion[], after: readonly StoredQuestion[]): FieldDiff[] {
  const { pairs, removed } = pairQuestions(before, after);
  const diffs: FieldDiff[] = [];
  for (const index of removed)
    diffs.push({
      question: before[index]!.question_text,
      field: "question",
      before: describeQuestion(before[index]!),
      after: "",
    });
  for (const pair of pairs) {
    const next = after[pair.after]!;
    if (pair.before < 0) {
      diffs.push({ question: next.question_text, field: "question", before: "", after: describeQuestion(next) });
      continue;
    }
    const previous = before[pair.before]!;
    const name = previous.question_text;
    for (const { field, show } of FIELDS) {
      if (show(previous) !== show(next))
        diffs.push({ question: name, field, before: show(previous), after: show(next) });
    }
    if (!samePrice(previous.add_on_price, next.add_on_price))
      diffs.push({
        question: name,
        field: "add-on price",
        before: formatMoney(previous.add_on_price),
        after: formatMoney(next.add_on_price),
      });
  }
  const order = (list: readonly number[]) => list.join(",");
  const kept = pairs.filter((pair) => pair.before >= 0);
  const sortedByBefore = [...kept].sort((a, b) => a.before - b.before);
  if (order(kept.map((pair) => pair.before)) !== order(sortedByBefore.map((pair) => pair.before)))
    for (const pair of kept)
      if (kept.indexOf(pair) !== sortedByBefore.indexOf(pair))
        diffs.push({
          question: after[pair.after]!.question_text,
          field: "position",
          before: String(pair.before + 1),
          after: String(pair.after + 1),
        });
  return diffs;
}

export function describeSet(questions: readonly StoredQuestion[]): string[] {
  if (questions.length === 0) return ["No personalization"];
  return questions.map((question) => {
    const details = [
      question.instructions ? `instructions “${question.instructions}”` : "",
      question.max_allowed_characters === null ? "" : `up to ${question.max_allowed_characters} characters`,
      question.max_allowed_files === null ? "" : `${question.max_allowed_files} files`,
      question.options ? `choices ${question.options.map((option) => option.label).join(", ")}` : "",
    ].filter(Boolean);
    return `${describeQuestion(question)}${details.length ? `: ${details.join(", ")}` : ""}`;
  });
}
