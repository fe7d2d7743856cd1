"use client";

import { useEffect, useRef, useState } from "react";
import { Button } from "../ui/button";

function useCountdown(seconds: number | undefined, onDone: () => void) {
  const [left, setLeft] = useState(seconds);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });
  useEffect(() => {
    if (seconds === undefined) return;
    const until = Date.now() + seconds * 1000;
    const timer = setInterval(() => {
      const remaining = Math.max(0, Math.ceil((until - Date.now()) / 1000));
      setLeft(remaining);
      if (remaining === 0) {
        clearInterval(timer);
        done.current();
      }
    }, 250);
    return () => clearInterval(timer);
  }, [seconds]);
  return left;
}

const secondsText = (count: number) => `${count} ${count === 1 ? "second" : "seconds"}`;

/**
 * "Trying again in 12 seconds.", then `onDone`: for a message that answers a 429 (e.g. in a toast). Hidden from screen
 * readers, whose live region would read it every second: the message itself says the dashboard tries again.
 */
export function RetryCountdown({ seconds, onDone }: { seconds: number; onDone: () => void }) {
  const left = useCountdown(seconds, onDone) ?? 0;
  return (
    <span aria-hidden="true" className="block" data-testid="recovery-countdown">
      {left > 0 ? `Trying again in ${secondsText(left)}.` : "Trying again…"}
    </span>
  );
}

type Props = {
  message: string;
  retryAfter?: number;
  onRetry: () => void;
  retrying: boolean;
  triedAt?: number;
};

export function RecoveryNotice({ message, retryAfter, onRetry, retrying, triedAt }: Props) {
  const left = useCountdown(retryAfter, onRetry);
  const counting = left !== undefined && left > 0 && !retrying;
  return (
    <div className="mt-4 rounded-lg bg-red-50 p-4 text-red-900 ring-1 ring-red-200" data-testid="recovery-notice">
      <p role="alert">
        {message}
        {retryAfter !== undefined && " The dashboard tries again by itself when the wait is over."}
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Button variant="dark" onClick={onRetry} disabled={retrying}>
          {retrying ? "Trying again…" : counting ? "Try again now" : "Try again"}
        </Button>
        {counting && (
          <p className="text-sm" data-testid="recovery-countdown">
            Trying again in {secondsText(left)}.
          </p>
        )}
        {triedAt !== undefined && !retrying && !counting && (
          <p className="text-sm" role="status">
            Tried again at{" "}
            {new Date(triedAt).toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit", second: "2-digit" })}
            : still no answer.
          </p>
        )}
      </div>
    </div>
  );
}
