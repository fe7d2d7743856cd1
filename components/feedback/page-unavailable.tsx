"use client";

import { useEffect, useRef, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { RecoveryNotice } from "./recovery-notice";

export function PageUnavailable({ message, retryAfter }: { message: string; retryAfter?: number }) {
  const router = useRouter();
  const [retrying, startTransition] = useTransition();
  const [triedAt, setTriedAt] = useState<number>();
  const wasRetrying = useRef(false);

  useEffect(() => {
    if (wasRetrying.current && !retrying) setTriedAt(Date.now());
    wasRetrying.current = retrying;
  }, [retrying]);

  return (
    <RecoveryNotice
      key={triedAt}
      message={message}
      retryAfter={retryAfter}
      retrying={retrying}
      triedAt={triedAt}
      onRetry={() => startTransition(() => router.refresh())}
    />
  );
}
