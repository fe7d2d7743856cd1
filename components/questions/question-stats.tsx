"use client";

import { createContext, useContext, type ReactNode } from "react";
import { formatMoney } from "@/lib/marketplace/money";
import { counted } from "@/lib/orders/count-words";
import type { QuestionStats } from "@/lib/orders/question-stats";

const StatsContext = createContext<Record<number, QuestionStats> | null>(null);

/** The listing's question statistics for the editor's question cards; without it (the bulk dialog) they show none. */
export function QuestionStatsProvider({
  stats,
  children,
}: {
  stats: Record<number, QuestionStats> | null;
  children: ReactNode;
}) {
  return <StatsContext.Provider value={stats}>{children}</StatsContext.Provider>;
}

export function QuestionStatsNote({ questionId }: { questionId: number | undefined }) {
  const stats = useContext(StatsContext);
  const entry = questionId === undefined ? undefined : stats?.[questionId];
  if (!entry) return null;
  return (
    <p className="text-sm text-stone-700" data-testid="question-stats">
      Last 30 days: {entry.answered} of {counted(entry.orders, "order")} answered
      {entry.topChoices.length > 0 &&
        `; most chosen ${entry.topChoices.map((choice) => `${choice.label} (${counted(choice.items, "item")})`).join(", ")}`}
      {entry.revenue && `; ${formatMoney(entry.revenue)} in add-on prices`}.
    </p>
  );
}
