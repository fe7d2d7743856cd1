"use client";

import { createContext, useContext, type ReactNode } from "react";

export type Toast = {
  tone: "success" | "error" | "info";
  text: string;
  action?: ReactNode;
};

export type Feedback = {
  notify: (toast: Toast, options?: { focus?: boolean; followsNavigation?: boolean }) => void;
  clear: () => void;
};

export const FeedbackContext = createContext<Feedback | null>(null);

export function useFeedback(): Feedback {
  const feedback = useContext(FeedbackContext);
  if (!feedback) throw new Error("useFeedback needs <FeedbackProvider> (components/providers.tsx).");
  return feedback;
}
