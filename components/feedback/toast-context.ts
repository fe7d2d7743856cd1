"use client";

import { createContext, useContext, type ReactNode } from "react";

export type Toast = {
  tone: "success" | "error" | "info";
  text: string;
  /** A control that belongs to the message (e.g. "Sign in again"), read out with it. */
  action?: ReactNode;
};

export type Feedback = {
  /**
   * Shows the message in the viewport; `focus` moves keyboard focus to it (for failures the seller must read);
   * `followsNavigation` keeps it through the next change of page (e.g. "Bulk change started" on the job's page).
   */
  notify: (toast: Toast, options?: { focus?: boolean; followsNavigation?: boolean }) => void;
  /** Clears what is showing, e.g. when a new save starts. */
  clear: () => void;
};

export const FeedbackContext = createContext<Feedback | null>(null);

/** The one way components tell the seller what happened: a message pinned to the viewport. */
export function useFeedback(): Feedback {
  const feedback = useContext(FeedbackContext);
  if (!feedback) throw new Error("useFeedback needs <FeedbackProvider> (components/providers.tsx).");
  return feedback;
}
