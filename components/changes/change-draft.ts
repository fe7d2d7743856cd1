"use client";

import type { QuestionForm } from "@/lib/personalization/question-set";

// The change dialog's values survive a trip through sign-in in this tab's sessionStorage, never on a server, as the
// editors' drafts do (components/personalization/draft.ts).
const KEY = "change-dialog-draft";

export type ChangeDraft<V> = { values: V; questions?: QuestionForm[] };

export function keepChangeDraft<V>(draft: ChangeDraft<V>) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(draft));
  } catch {
    // Storage refused (private mode, full): the seller types again after signing in.
  }
}

/** The draft kept before signing in, once: it is gone after this read. */
export function takeChangeDraft<V>(): ChangeDraft<V> | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return raw === null ? null : (JSON.parse(raw) as ChangeDraft<V>);
  } catch {
    return null;
  }
}
