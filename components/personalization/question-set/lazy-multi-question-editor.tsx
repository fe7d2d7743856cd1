"use client";

import dynamic from "next/dynamic";

// Only listings in the multi-question period load this editor, so the single-question editor's first load stays as it was.
export const LazyMultiQuestionEditor = dynamic(() => import("./multi-question-editor"), { loading: () => <p className="mt-4">Loading the editor…</p> });
