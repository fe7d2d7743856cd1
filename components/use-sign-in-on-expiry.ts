"use client";

import { useEffect } from "react";
import type { SignInReason } from "@/lib/auth/seller";
import { ReadError } from "@/lib/listings/query-keys";

/** The sign-in page, told which sign-in ended ("expired": the marketplace's; the others: the dashboard's own). */
export const signInAgainPath = (path: string, reason: SignInReason = "expired") =>
  `/sign-in?callbackUrl=${encodeURIComponent(path)}&reason=${reason}`;

export function useSignInOnExpiry(error: unknown, path: string) {
  useEffect(() => {
    if (error instanceof ReadError && error.reauth) window.location.assign(signInAgainPath(path));
  }, [error, path]);
}
