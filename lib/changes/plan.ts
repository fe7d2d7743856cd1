import type { PersonalizationPhase } from "../env-schema";
import { applyChange, applyTarget, type Change, type ChangeOutcome } from "./field-change";
import { samePrice } from "../marketplace/money";
import type { ListingQuestions } from "../marketplace/question-wire";
import { sameQuestions } from "../personalization/snapshot";
import type { Question } from "../marketplace/wire";
import { pairQuestions, questionDiff, type QuestionChange } from "../personalization/question-diff";

/** "changed-since": changed since the seller's copy was read (an export), so left unless the seller takes it. */
export type PlanItemStatus = "change" | "unchanged" | "skipped" | "changed-since";

export type PlanItem = {
  listingId: number;
  title: string;
  state: string;
  status: PlanItemStatus;
  reason: string | null;
  before: Question[];
  /** null unless the listing changes; [] removes personalization. */
  after: Question[] | null;
  diff: QuestionChange[];
  lastModified: number | null;
};

/** Whether a plan has anything to write, or to take (a listing changed since an export): otherwise none is stored. */
export const holdsChange = (items: readonly Pick<PlanItem, "status">[]) =>
  items.some((item) => item.status === "change" || item.status === "changed-since");

export const NOTHING_TO_CHANGE = "Nothing to change: every listing is already as asked, so nothing was planned.";

/** The marketplace reads a batch of 100 listings in one request (docs/marketplace.md §11). */
export const READ_BATCH = 100;

export const listingFields = (listing: ListingQuestions) => ({
  listingId: listing.listingId,
  title: listing.title,
  state: listing.state,
  before: listing.questions,
  lastModified: listing.lastModified,
});

function itemOf(listing: ListingQuestions, outcome: ChangeOutcome): PlanItem {
  const common = listingFields(listing);
  if (outcome.outcome === "change")
    return {
      ...common,
      status: "change",
      reason: null,
      after: outcome.after,
      diff: questionDiff(listing.questions, outcome.after),
    };
  if (outcome.outcome === "skipped")
    return { ...common, status: "skipped", reason: outcome.reason, after: null, diff: [] };
  return { ...common, status: "unchanged", reason: null, after: null, diff: [] };
}

export function planOfChange(
  listings: readonly ListingQuestions[],
  change: Change,
  phase: PersonalizationPhase,
): PlanItem[] {
  return listings.map((listing) => itemOf(listing, applyChange(listing, change, phase)));
}

/**
 * What a listing should become. `kept`: what changed since the seller's copy and is left as it is, with `note` saying
 * so; `changedSince`: the listing changed since, so `after` is written only if the seller takes it in the review;
 * `evenIfSame`: written even when `after` is what it asks already, shown as this change (personalization turned off on
 * a listing that asks nothing writes [] over []).
 */
export type PlanTarget =
  | { after: Question[]; kept?: QuestionChange[]; note?: string; evenIfSame?: QuestionChange }
  | { changedSince: string; after: Question[] }
  | { skipped: string };

export function planOfTargets(
  listings: readonly ListingQuestions[],
  targets: ReadonlyMap<number, PlanTarget>,
  phase: PersonalizationPhase,
): (PlanItem & { kept?: QuestionChange[] })[] {
  return listings.flatMap((listing) => {
    const target = targets.get(listing.listingId);
    if (!target) return [];
    if ("skipped" in target) return [itemOf(listing, { outcome: "skipped", reason: target.skipped })];
    const item = itemOf(listing, applyTarget(listing, target.after, phase));
    if (item.status === "unchanged" && "evenIfSame" in target && target.evenIfSame)
      return [{ ...item, status: "change", after: target.after, diff: [target.evenIfSame] }];
    if (item.status !== "change") return [item];
    if ("changedSince" in target) return [{ ...item, status: "changed-since", reason: target.changedSince }];
    return [{ ...item, reason: target.note ?? null, ...(target.kept && { kept: target.kept }) }];
  });
}

export type PlanCost = ReturnType<typeof costOf>;

/** Each change is one write, and the apply reads its listings again, 100 at a time, to see whether they changed since. */
export function costOf(changes: number, rate: { perSecond: number; remainingToday: number | null }) {
  const requests = changes === 0 ? 0 : changes + Math.ceil(changes / READ_BATCH);
  const perSecond = Math.max(1, rate.perSecond);
  return {
    requests,
    seconds: Math.ceil(requests / perSecond),
    perSecond,
    remainingToday: rate.remainingToday,
    shareOfToday:
      rate.remainingToday === null ? null : rate.remainingToday === 0 ? Infinity : requests / rate.remainingToday,
  };
}

// The contents count too: a timestamp is not always returned, and two changes may fall within its one second.
export function changedSince(reviewed: { before: Question[]; lastModified: number | null }, now: ListingQuestions) {
  const moved =
    reviewed.lastModified !== null && now.lastModified !== null && reviewed.lastModified !== now.lastModified;
  return moved || !sameQuestions(reviewed.before, now.questions);
}

type Field =
  "title" | "instructions" | "required" | "maxAllowedCharacters" | "maxAllowedFiles" | "options" | "addOnPrice";
// The same fields as the seller reads them in every diff.
const FIELD_NAMES: Record<Field, string> = {
  title: "Title",
  instructions: "Instructions",
  required: "Required",
  maxAllowedCharacters: "Character limit",
  maxAllowedFiles: "Files",
  options: "Choices",
  addOnPrice: "Add-on price",
};
const FIELDS = Object.keys(FIELD_NAMES) as Field[];
const same = (field: Field, a: Question, b: Question) => {
  if (field === "options") return (a.options ?? []).join("\n") === (b.options ?? []).join("\n");
  return field === "addOnPrice" ? samePrice(a.addOnPrice, b.addOnPrice) : a[field] === b[field];
};

const sameShape = (a: readonly Question[], b: readonly Question[]) =>
  a.length === b.length && a.every((question, index) => question.type === b[index]?.type);
const sameContent = (a: readonly Question[], b: readonly Question[]) =>
  sameShape(a, b) && a.every((question, index) => FIELDS.every((field) => same(field, question, b[index]!)));

export type UndoOutcome = {
  after: Question[] | null;
  /** What changed since the change wrote it and is left as it is: before is what the change wrote, after is now. */
  kept: QuestionChange[];
};

const leftAsIs = (what: string): QuestionChange => ({
  change: "changed",
  fields: [{ field: "Questions", before: what, after: "changed since; left as they are" }],
});

const withoutId = ({ id: _id, ...rest }: Question): Question => rest;

// Added or removed questions are put back only when the listing is still exactly as the job left it.
export function undoTarget(
  before: readonly Question[],
  written: readonly Question[],
  current: readonly Question[],
): UndoOutcome {
  const structural = !sameShape(before, written) || pairQuestions(before, written).pairs.some((p, i) => p.before !== i);
  if (structural) {
    if (!sameContent(written, current))
      return {
        after: null,
        kept: [leftAsIs(`${written.length} as the change left them`), ...questionDiff(written, current)],
      };
    // The listing's ids are its current ones: a write may have given its questions new ids.
    const currentIds = new Set(current.map((question) => question.id));
    return {
      after: before.map((question) =>
        question.id !== undefined && !currentIds.has(question.id) ? withoutId(question) : question,
      ),
      kept: [],
    };
  }
  if (!sameShape(written, current)) return { after: null, kept: [leftAsIs("as the change left them")] };
  const kept: QuestionChange[] = [];
  let reverted = false;
  const after = current.map((now, index) => {
    const wrote = written[index]!;
    const was = before[index]!;
    let next = now;
    const keptFields = new Set<string>();
    for (const field of FIELDS) {
      if (same(field, was, wrote)) continue;
      if (same(field, now, wrote)) {
        next =
          field === "options"
            ? {
                ...next,
                options: was.options,
                optionIds: was.options && now.options?.length === was.options.length ? now.optionIds : was.optionIds,
              }
            : { ...next, [field]: was[field] };
        reverted = true;
      } else keptFields.add(FIELD_NAMES[field]);
    }
    if (keptFields.size > 0)
      // Paired by place: the write may have given the question a new id.
      for (const change of questionDiff([withoutId(wrote)], [withoutId(now)]))
        kept.push({ ...change, fields: change.fields.filter((field) => keptFields.has(field.field)) });
    return next;
  });
  return { after: reverted ? after : null, kept };
}
