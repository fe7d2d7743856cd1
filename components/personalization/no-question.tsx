"use client";

import { useHydrated } from "./use-save-controls";

export function NoQuestion({ canEdit, focus, onAdd }: { canEdit: boolean; focus: boolean; onAdd: () => void }) {
  const hydrated = useHydrated();
  return (
    <section
      aria-labelledby="no-question-heading"
      className="min-w-0 self-start rounded-xl bg-white p-5 text-stone-900 ring-1 ring-stone-200"
    >
      <h2 id="no-question-heading" className="text-lg font-semibold">
        No personalization question
      </h2>
      <p className="mt-2 text-sm text-stone-700">
        Buyers of this listing are not asked anything. Add a question to let them personalize their order.
      </p>
      <button
        type="button"
        autoFocus={focus}
        disabled={!canEdit || !hydrated}
        onClick={onAdd}
        className="mt-4 min-h-11 rounded-lg bg-brand px-5 py-2 font-semibold text-white hover:bg-brand-dark disabled:opacity-60"
      >
        Add a question
      </button>
    </section>
  );
}
