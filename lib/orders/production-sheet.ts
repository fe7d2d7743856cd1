import { UPLOAD_SEPARATOR } from "../personalization/answer-rules";
import { isUpload } from "../personalization/question-types";
import type { SheetTable } from "../spreadsheet/sheet-export";
import { isoDay } from "./day";
import { labelKeys } from "./label-key";
import type { QueueAnswer, QueueItem } from "./queue/queue-rows";
import { STATE_LABELS, type QueueState } from "./queue/states";

// The queue printed: its items in one state (to make, by default) under the queue's filter, by listing, one row per
// item with all its answers, a correction noted in review in place of the answer it corrects, the item due to ship
// first at the top; for the printed sheet, its CSV and its Excel workbook alike.

export const NO_ANSWER = "No answer";

/** Items in review are not to be made: left off the sheet, or printed on hold when the seller asks. */
const IN_REVIEW: readonly QueueState[] = ["review", "waiting"];

export type SheetAnswer = {
  title: string;
  type: string;
  /** How the question changed since the buyer answered it, in words; empty when it did not. */
  changed: string;
  value: string;
  /** The correction noted in review, printed instead of the buyer's answer. */
  corrected: boolean;
  checks: string[];
};

export type SheetItem = Pick<
  QueueItem,
  "itemId" | "receiptId" | "buyerName" | "quantity" | "orderedAt" | "shipBy" | "remakeOf" | "state" | "buyerNote"
> & {
  onHold: boolean;
  answers: SheetAnswer[];
  /** The listing has a production profile: the item's proof is printed beside its answers. */
  proof: boolean;
};

/** At a listing's head, per question: a dropdown's items per choice, an upload's files. */
export type SheetTotals = { title: string } & (
  | { kind: "choices"; choices: { answer: string; items: number }[] }
  | { kind: "files"; files: { name: string; receiptId: number }[] }
);

export type SheetListing = { listingId: number | null; title: string; totals: SheetTotals[]; items: SheetItem[] };

export type ProductionSheet = {
  state: QueueState;
  listings: SheetListing[];
  /** The queue's items in review the sheet leaves off (none when it prints them on hold). */
  leftInReview: number;
  /** The queue's items whose payment the marketplace is reviewing, never on a sheet to make. */
  notPaid: number;
};

/** Marks a question whose wording changed since the buyer answered it. */
export function changedSince(titleToday: QueueAnswer["titleToday"]) {
  if (titleToday === null) return "question since removed";
  return titleToday ? `question since renamed to “${titleToday}”` : "";
}

/**
 * The correction the buyer agreed to stands where the flagged answer stood (the first one, covering the others it
 * was written for), with its own print checks and none of the old ones; with no answer flagged, it is added last.
 */
function answersOf(item: QueueItem): SheetAnswer[] {
  const answers = item.answers.map((answer) => ({
    title: answer.title,
    type: answer.type,
    changed: changedSince(answer.titleToday),
    value: answer.value,
    corrected: false,
    checks: answer.flags.map((flag) => flag.message),
  }));
  if (item.review !== "corrected" || !item.note) return answers;
  const correction = { value: item.note, corrected: true, checks: item.noteFlags.map((flag) => flag.message) };
  const first = answers.findIndex((answer) => answer.checks.length > 0);
  if (first === -1) return [...answers, { title: "Correction", type: "text_input", changed: "", ...correction }];
  return answers.flatMap((answer, index) =>
    index === first ? [{ ...answer, ...correction }] : answer.checks.length > 0 ? [] : [answer],
  );
}

function totalsOf(items: readonly SheetItem[]): SheetTotals[] {
  const totals = new Map<string, SheetTotals>();
  for (const item of items)
    for (const answer of item.answers) {
      const key = `${answer.type}:${answer.title}`;
      if (answer.type === "dropdown") {
        const entry = totals.get(key) ?? { title: answer.title, kind: "choices", choices: [] };
        totals.set(key, entry);
        if (entry.kind !== "choices") continue;
        const choice = answer.value || NO_ANSWER;
        const found = entry.choices.find((candidate) => candidate.answer === choice);
        if (found) found.items += item.quantity;
        else entry.choices.push({ answer: choice, items: item.quantity });
      } else if (isUpload(answer.type)) {
        const entry = totals.get(key) ?? { title: answer.title, kind: "files", files: [] };
        totals.set(key, entry);
        if (entry.kind !== "files") continue;
        for (const name of answer.value.split(UPLOAD_SEPARATOR).filter((file) => file.trim() !== ""))
          entry.files.push({ name, receiptId: item.receiptId });
      }
    }
  // The unanswered last: they are a question for the buyer, not a choice to make.
  const rank = (answer: string) => (answer === NO_ANSWER ? 1 : 0);
  for (const entry of totals.values())
    if (entry.kind === "choices")
      entry.choices.sort(
        (a, b) => rank(a.answer) - rank(b.answer) || b.items - a.items || a.answer.localeCompare(b.answer),
      );
  return [...totals.values()];
}

const byShipBy = (a: QueueItem, b: QueueItem) =>
  a.shipBy - b.shipBy || a.orderedAt - b.orderedAt || a.receiptId - b.receiptId || a.itemId.localeCompare(b.itemId);

/** The sheet of `state` from the queue's filtered items, those in review printed on hold when `onHold`. */
export function productionSheet(
  items: readonly QueueItem[],
  state: QueueState,
  { onHold = false }: { onHold?: boolean } = {},
): ProductionSheet {
  const held = (item: QueueItem) => IN_REVIEW.includes(item.state);
  const printed = items.filter((item) => item.state === state || (onHold && held(item)));
  const listings = new Map<string, SheetListing>();
  for (const item of [...printed].sort(byShipBy)) {
    const key = String(item.listingId ?? item.title);
    let listing = listings.get(key);
    if (!listing)
      listings.set(key, (listing = { listingId: item.listingId, title: item.title, totals: [], items: [] }));
    listing.items.push({
      itemId: item.itemId,
      receiptId: item.receiptId,
      buyerName: item.buyerName,
      quantity: item.quantity,
      orderedAt: item.orderedAt,
      shipBy: item.shipBy,
      remakeOf: item.remakeOf,
      state: item.state,
      onHold: held(item),
      answers: answersOf(item),
      buyerNote: item.buyerNote,
      proof: item.proof === true,
    });
  }
  for (const listing of listings.values()) listing.totals = totalsOf(listing.items);
  return {
    state,
    listings: [...listings.values()].sort((a, b) => a.title.localeCompare(b.title, "en", { numeric: true })),
    leftInReview: IN_REVIEW.includes(state) || onHold ? 0 : items.filter(held).length,
    notPaid: state === "not-paid" ? 0 : items.filter((item) => item.state === "not-paid").length,
  };
}

/** The items on a sheet, the orders they belong to, and the pieces to make (each item's quantity). */
export function sheetCounts(sheet: ProductionSheet) {
  const items = sheet.listings.flatMap((listing) => listing.items);
  return {
    items: items.length,
    orders: new Set(items.map((item) => item.receiptId)).size,
    pieces: items.reduce((sum, item) => sum + item.quantity, 0),
  };
}

/** What the sheet's "Mark these N made" moves: its items to make, not those printed on hold. */
export const itemsToMark = (sheet: ProductionSheet) =>
  sheet.state === "to-make"
    ? sheet.listings.flatMap((listing) => listing.items.filter((item) => !item.onHold).map((item) => item.itemId))
    : [];

export const statusOf = (item: Pick<SheetItem, "onHold" | "state">) =>
  item.onHold ? "On hold: in review, don't make yet" : STATE_LABELS[item.state];

const SHEET_COLUMNS = [
  "listing_id",
  "listing",
  "order",
  "item",
  "buyer",
  "quantity",
  "ordered",
  "ship_by",
  "status",
  "corrected",
  "check",
  "buyer_note",
] as const;

const WIDE: readonly string[] = ["check", "buyer_note"];

/** The answer's column: the question as the buyer saw it. */
const answerColumn = (title: string) => `answer: ${title}`;

/**
 * The production sheet as its export writes it, CSV or Excel alike: one row per item, after the fixed columns one
 * column per question (as the buyer saw it) asked on the sheet, in the order first asked. Dates are UTC days.
 */
export function productionSheetTable(sheet: ProductionSheet, labels = labelKeys(sheet)): SheetTable {
  const items = sheet.listings.flatMap((listing) => listing.items.map((item) => ({ listing, item })));
  const questions = [...new Set(items.flatMap(({ item }) => item.answers.map((answer) => answer.title)))];
  return {
    name: "Production",
    columns: [
      ...SHEET_COLUMNS.map((name) => ({ name, width: WIDE.includes(name) ? 40 : 16 })),
      ...questions.map((title) => ({ name: answerColumn(title), width: 40 })),
      { name: "label_key", width: 28 },
    ],
    rows: items.map(({ listing, item }) => {
      const answer = new Map(item.answers.map((one) => [one.title, one]));
      return [
        listing.listingId === null ? "" : String(listing.listingId),
        listing.title,
        String(item.receiptId),
        item.itemId,
        item.buyerName,
        String(item.quantity),
        isoDay(item.orderedAt),
        isoDay(item.shipBy),
        statusOf(item),
        item.answers
          .filter((one) => one.corrected)
          .map((one) => one.title)
          .join(", "),
        item.answers
          .flatMap((one) =>
            [...(one.changed ? [one.changed] : []), ...one.checks].map((text) => `${one.title}: ${text}`),
          )
          .join(" "),
        item.buyerNote ?? "",
        ...questions.map((title) => answer.get(title)?.value ?? ""),
        labels.get(item.receiptId) ?? "",
      ];
    }),
  };
}
