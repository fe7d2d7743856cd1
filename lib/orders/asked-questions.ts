import type { Money } from "../marketplace/money";
import type { Question } from "../marketplace/wire";
import type { Order, OrderAnswer, OrderItem } from "../marketplace/receipt-wire";
import type { Snapshot } from "../personalization/snapshot";
import { answerFlags, type AnswerFlag } from "./answer-flags";

// Each answer under the question it answers (matched by question_id), worded as the buyer saw it: the listing's
// questions as they stood when the order was placed, from its history when they changed since.

export type HistoryPoint = { recordedAt: number; previous: Snapshot };

export type AnsweredQuestion = {
  questionId: number | null;
  /** The question's text and instructions as the buyer saw them. */
  title: string;
  instructions: string;
  type: string;
  /** Today's text, when it differs from what the buyer saw; null when the question is gone. */
  titleToday: string | null | undefined;
  answer: OrderAnswer | undefined;
  addOnPaid: Money | null;
  flags: AnswerFlag[];
};

/** `produce`: the listing's production check, when it has a profile (so the item has a proof). */
export type AnsweredItem = OrderItem & { questions: AnsweredQuestion[]; produce?: (text: string) => AnswerFlag[] };

/** A listing's production check of a text answer, when the listing has a production profile. */
export type ProductionCheckOf = (listingId: number) => ((text: string) => AnswerFlag[]) | undefined;

export type AnsweredOrder = Omit<Order, "items"> & { items: AnsweredItem[]; flagged: number };

/** The questions that stood at `atMs`: the `previous` of the first change after it, or today's when none came since. */
export function questionsAt(history: readonly HistoryPoint[], today: readonly Question[], atMs: number): Question[] {
  let stood: readonly Question[] = today;
  let earliest = Infinity;
  for (const point of history)
    if (point.recordedAt > atMs && point.recordedAt < earliest) {
      earliest = point.recordedAt;
      stood = point.previous.questions;
    }
  return [...stood];
}

function answeredItem(
  item: OrderItem,
  createdAt: number,
  today: readonly Question[] | undefined,
  history: readonly HistoryPoint[],
  produce: ((text: string) => AnswerFlag[]) | undefined,
): AnsweredItem {
  const now = today ?? [];
  const byId = new Map(item.answers.map((answer) => [answer.questionId, answer]));
  const titleToday = (todays: Question | undefined, title: string) =>
    today === undefined ? undefined : todays ? (todays.title === title ? undefined : todays.title) : null;
  const questions: AnsweredQuestion[] = questionsAt(history, now, createdAt * 1000).map((question) => {
    const answer = question.id === undefined ? undefined : byId.get(question.id);
    if (question.id !== undefined) byId.delete(question.id);
    const todays = now.find((candidate) => candidate.id !== undefined && candidate.id === question.id);
    const title = answer?.name || question.title;
    const answeredText = answer !== undefined && question.type === "text_input";
    return {
      questionId: question.id ?? null,
      title,
      instructions: question.instructions,
      type: question.type,
      titleToday: titleToday(todays, title),
      answer,
      addOnPaid: answeredText && question.addOnPrice ? question.addOnPrice : null,
      flags: [
        ...answerFlags(question, todays, answer?.value),
        ...(answeredText && produce && answer.value.trim() !== "" ? produce(answer.value) : []),
      ],
    };
  });
  // Answers to questions the history does not know (asked before the dashboard kept it): shown as the buyer saw them.
  for (const answer of byId.values()) {
    const todays = now.find((candidate) => candidate.id === answer.questionId);
    const type = todays?.type ?? "text_input";
    questions.push({
      questionId: answer.questionId,
      title: answer.name,
      instructions: "",
      type,
      titleToday: titleToday(todays, answer.name),
      answer,
      addOnPaid: null,
      flags: [
        ...answerFlags({ type, required: false }, todays, answer.value),
        ...(type === "text_input" && produce && answer.value.trim() !== "" ? produce(answer.value) : []),
      ],
    });
  }
  return { ...item, questions, ...(produce && { produce }) };
}

export function answeredOrders(
  orders: readonly Order[],
  todayOf: (listingId: number) => readonly Question[] | undefined,
  historyOf: (listingId: number) => readonly HistoryPoint[],
  productionOf: ProductionCheckOf = () => undefined,
): AnsweredOrder[] {
  return orders.map((order) => {
    const items = order.items.map((item) =>
      item.listingId === null
        ? { ...item, questions: [] }
        : answeredItem(
            item,
            order.createdAt,
            todayOf(item.listingId),
            historyOf(item.listingId),
            productionOf(item.listingId),
          ),
    );
    const flagged = items.flatMap((item) => item.questions).filter((question) => question.flags.length > 0).length;
    return { ...order, items, flagged };
  });
}
