"use client";

import { lazy, Suspense, type ComponentProps } from "react";

// The server knows which of the two editors a listing gets, and each is a chunk of its own: the page's first load
// carries neither (nor the form library under them). React.lazy rather than next/dynamic: the page then carries no
// loader runtime of its own (about 8 kB gzip).
const PersonalizationEditor = lazy(() =>
  import("./personalization-editor").then((module) => ({ default: module.PersonalizationEditor })),
);
const MultiQuestionEditor = lazy(() => import("./question-set/multi-question-editor"));

/** `multi`: the multi-question period, so the question set editor; else the one-question editor. */
export function LazyEditor({
  multi,
  storedPasses,
  ...editor
}: { multi: boolean } & ComponentProps<typeof MultiQuestionEditor>) {
  return (
    <Suspense fallback={<p className="mt-4">Loading the editor…</p>}>
      {multi ? <MultiQuestionEditor {...editor} storedPasses={storedPasses} /> : <PersonalizationEditor {...editor} />}
    </Suspense>
  );
}
