"use client";

import type { QuestionForm } from "@/lib/personalization/question-set";
import { keepInTab, takeFromTab } from "../tab-storage";

const KEY = "change-dialog-draft";

export type ChangeDraft<V> = { values: V; questions?: QuestionForm[] };

export const keepChangeDraft = <V>(draft: ChangeDraft<V>) => keepInTab(KEY, draft);

/** The change dialog's values kept before signing in again, once. */
export function takeChangeDraft<V>(): ChangeDraft<V> | null {
  const kept = takeFromTab(KEY);
  return typeof kept === "object" && kept !== null && "values" in kept ? (kept as ChangeDraft<V>) : null;
}
