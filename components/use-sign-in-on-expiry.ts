"use client";

import { useEffect } from "react";
import { ReadError } from "@/lib/listings/query-keys";

export function useSignInOnExpiry(error: unknown, path: string) {
  useEffect(() => {
    if (error instanceof ReadError && error.reauth)
      window.location.assign(`/sign-in?callbackUrl=${encodeURIComponent(path)}&reason=expired`);
  }, [error, path]);
}
