import { UPLOAD_SEPARATOR } from "../personalization/answer-rules";
import { isUpload } from "../personalization/question-types";
import type { SheetTable } from "../spreadsheet/sheet-export";
import type { AnsweredItem, AnsweredOrder, AnsweredQuestion } from "./asked-questions";
import { isoDay, shipByOf } from "./day";
import { labelKeys } from "./label-key";

// What to make: open orders grouped by listing, then by question as the buyer saw it, one row per item with each
// answer, the item due to ship first at the top; for the printed sheet, its CSV and its Excel workbook alike.

export const NO_ANSWER = "No answer";

export type SheetRow = {
  receiptId: number;
  transactionId: number;
  buyerName: string;
  quantity: number;
  /** Unix seconds. */
  orderedAt: number;
  shipBy: number;
  answer: string;
  check: string;
};
/** At a question's head: a dropdown's items per choice, an upload's files. */
export type SheetTotals =
  | { kind: "choices"; choices: { answer: string; items: number }[] }
  | { kind: "files"; files: { name: string; receiptId: number }[] }
  | null;
export type SheetQuestion = {
  key: string;
  questionId: number | null;
  /** The question's text as the buyers of these rows saw it. */
  title: string;
  /** Today's text where it changed since, null where the question is gone. */
  titleToday: string | null | undefined;
  type: string;
  totals: SheetTotals;
  rows: SheetRow[];
};
export type SheetListing = { listingId: number | null; title: string; questions: SheetQuestion[] };

/** Marks a question whose wording changed since the buyer answered it. */
export function changedSince(question: Pick<SheetQuestion, "titleToday">) {
  if (question.titleToday === null) return "question since removed";
  return question.titleToday ? `question since renamed to “${question.titleToday}”` : "";
}

function totalsOf(type: string, rows: readonly SheetRow[]): SheetTotals {
  if (type === "dropdown") {
    const items = new Map<string, number>();
    for (const row of rows)
      items.set(row.answer || NO_ANSWER, (items.get(row.answer || NO_ANSWER) ?? 0) + row.quantity);
    const choices = [...items].map(([answer, count]) => ({ answer, items: count }));
    // The unanswered last: they are a question for the buyer, not a choice to make.
    const rank = (answer: string) => (answer === NO_ANSWER ? 1 : 0);
    return {
      kind: "choices",
      choices: choices.sort(
        (a, b) => rank(a.answer) - rank(b.answer) || b.items - a.items || a.answer.localeCompare(b.answer),
      ),
    };
  }
  if (isUpload(type))
    return {
      kind: "files",
      files: rows.flatMap((row) =>
        row.answer
          .split(UPLOAD_SEPARATOR)
          .filter((name) => name.trim() !== "")
          .map((name) => ({ name, receiptId: row.receiptId })),
      ),
    };
  return null;
}

const rowOf = (order: AnsweredOrder, item: AnsweredItem, question: AnsweredQuestion): SheetRow => ({
  receiptId: order.receiptId,
  transactionId: item.transactionId,
  buyerName: order.buyerName,
  quantity: item.quantity,
  orderedAt: order.createdAt,
  shipBy: shipByOf(order, item),
  answer: question.answer?.value ?? "",
  check: question.flags.map((flag) => flag.message).join(" "),
});

export function productionSheet(orders: readonly AnsweredOrder[]): SheetListing[] {
  const items = orders
    .flatMap((order) => order.items.filter((item) => item.questions.length > 0).map((item) => ({ order, item })))
    .sort(
      (a, b) =>
        shipByOf(a.order, a.item) - shipByOf(b.order, b.item) ||
        a.order.createdAt - b.order.createdAt ||
        a.order.receiptId - b.order.receiptId ||
        a.item.transactionId - b.item.transactionId,
    );
  const listings = new Map<string, SheetListing>();
  for (const { order, item } of items) {
    const listingKey = String(item.listingId ?? item.title);
    let listing = listings.get(listingKey);
    if (!listing) listings.set(listingKey, (listing = { listingId: item.listingId, title: item.title, questions: [] }));
    for (const question of item.questions) {
      // A question renamed since is two groups: its buyers answered different words.
      const key = `${question.questionId ?? "title"}:${question.title}`;
      let group = listing.questions.find((entry) => entry.key === key);
      if (!group) {
        const { questionId, title, titleToday, type } = question;
        listing.questions.push((group = { key, questionId, title, titleToday, type, totals: null, rows: [] }));
      }
      group.rows.push(rowOf(order, item, question));
    }
  }
  const sheet = [...listings.values()];
  for (const question of sheet.flatMap((listing) => listing.questions))
    question.totals = totalsOf(question.type, question.rows);
  return sheet.sort((a, b) => a.title.localeCompare(b.title, "en", { numeric: true }));
}

/** The items on a sheet (each item's quantity) and the orders they belong to. */
export function sheetCounts(sheet: readonly SheetListing[]) {
  const items = new Map<number, number>();
  const orders = new Set<number>();
  for (const listing of sheet)
    for (const question of listing.questions)
      for (const row of question.rows) {
        items.set(row.transactionId, row.quantity);
        orders.add(row.receiptId);
      }
  return { items: [...items.values()].reduce((sum, quantity) => sum + quantity, 0), orders: orders.size };
}

// Columns are only ever added at the end, so a reader of an older sheet keeps working.
export const SHEET_COLUMNS = [
  "listing_id",
  "listing",
  "question_id",
  "question",
  "order",
  "buyer",
  "quantity",
  "answer",
  "check",
  "ordered",
  "ship_by",
  "question_changed",
  "label_key",
] as const;

const WIDE: readonly string[] = ["answer", "check", "question_changed"];

/** The production sheet as its export writes it, CSV or Excel alike. */
export const productionSheetTable = (sheet: readonly SheetListing[], labels = labelKeys(sheet)): SheetTable => ({
  name: "Production",
  columns: SHEET_COLUMNS.map((name) => ({ name, width: WIDE.includes(name) ? 40 : 16 })),
  rows: sheet.flatMap((listing) =>
    listing.questions.flatMap((question) =>
      question.rows.map((row) => [
        listing.listingId === null ? "" : String(listing.listingId),
        listing.title,
        question.questionId === null ? "" : String(question.questionId),
        question.title,
        String(row.receiptId),
        row.buyerName,
        String(row.quantity),
        row.answer,
        row.check,
        isoDay(row.orderedAt),
        isoDay(row.shipBy),
        changedSince(question),
        labels.get(row.receiptId) ?? "",
      ]),
    ),
  ),
});
