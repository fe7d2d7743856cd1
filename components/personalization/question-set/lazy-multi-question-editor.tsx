"use client";

import { lazy, Suspense } from "react";

// Only listings in the multi-question period load this editor, so the single-question editor's first load stays as it
// was. React.lazy rather than next/dynamic: the page then carries no loader runtime of its own (about 8 kB gzip).
const MultiQuestionEditor = lazy(() => import("./multi-question-editor"));

export function LazyMultiQuestionEditor(props: {
  listingId: number;
  canEdit: boolean;
  currencyCode?: string;
  addOnPrices: boolean;
}) {
  return (
    <Suspense fallback={<p className="mt-4">Loading the editor…</p>}>
      <MultiQuestionEditor {...props} />
    </Suspense>
  );
}
