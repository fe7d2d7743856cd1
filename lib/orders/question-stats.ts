import type { Money } from "../marketplace/money";
import type { Question } from "../marketplace/wire";
import { questionsAt, type HistoryPoint } from "./asked-questions";
import type { KeptItem } from "./order-store";

// What each question of a listing earned over the last 30 days: how many orders answered it, a dropdown's most chosen
// answers counted in items (an order of two is two to make), and the add-on prices paid (each per item, as the
// marketplace adds them to the item's price).

export const STATS_DAYS = 30;

export type QuestionStats = {
  orders: number;
  answered: number;
  topChoices: { label: string; items: number }[];
  revenue: Money | null;
};

export function questionStats(
  items: readonly KeptItem[],
  today: readonly Question[],
  history: readonly HistoryPoint[],
): Record<number, QuestionStats> {
  const stats: Record<number, QuestionStats & { choices: Map<string, number> }> = {};
  const orders = new Set(items.map((item) => item.receiptId)).size;
  for (const question of today)
    if (question.id !== undefined)
      stats[question.id] = { orders, answered: 0, topChoices: [], revenue: null, choices: new Map() };
  const answeredBy = new Map<number, Set<number>>();
  for (const item of items) {
    const asked = questionsAt(history, today, item.createdAt * 1000);
    for (const answer of item.answers) {
      const entry = answer.questionId === null ? undefined : stats[answer.questionId];
      if (!entry || answer.value.trim() === "") continue;
      answeredBy.set(answer.questionId!, (answeredBy.get(answer.questionId!) ?? new Set()).add(item.receiptId));
      entry.choices.set(answer.value, (entry.choices.get(answer.value) ?? 0) + item.quantity);
      const price = asked.find((question) => question.id === answer.questionId)?.addOnPrice;
      if (price && price.amount > 0) {
        const paid = (price.amount * item.quantity) / (price.divisor || 1);
        const sum = entry.revenue ? entry.revenue.amount / (entry.revenue.divisor || 1) : 0;
        entry.revenue = { amount: Math.round((sum + paid) * 100), divisor: 100, currencyCode: price.currencyCode };
      }
    }
  }
  return Object.fromEntries(
    Object.entries(stats).map(([id, { choices, ...entry }]) => {
      const question = today.find((candidate) => String(candidate.id) === id);
      return [
        id,
        {
          ...entry,
          answered: answeredBy.get(Number(id))?.size ?? 0,
          topChoices:
            question?.type === "dropdown"
              ? [...choices]
                  .map(([label, items]) => ({ label, items }))
                  .sort((a, b) => b.items - a.items || a.label.localeCompare(b.label))
                  .slice(0, 3)
              : [],
        },
      ];
    }),
  );
}
