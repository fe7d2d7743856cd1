"use client";

import { useEffect, useRef, useState } from "react";

/** Seconds left of `seconds`, ticking down; `onDone` runs once at zero. Counting starts at mount. */
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
  /** What went wrong, in a sentence (without what to do next: the notice says that). */
  message: string;
  /** Seconds the marketplace asked us to wait (a 429): counted down, then tried again without the seller. */
  retryAfter?: number;
  onRetry: () => void;
  retrying: boolean;
  /** Set after a try that failed again, so the seller sees the button did something. */
  triedAt?: number;
};

/**
 * A read that failed for a while (the marketplace busy or away), with a way on: "Try again", and after a 429 a countdown
 * that tries again by itself. The message is announced once; the countdown is not, so a screen reader is not read every
 * second. A new failure mounts a new notice (its parent keys it), so the count starts over from its own wait.
 */
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
        <button
          type="button"
          onClick={onRetry}
          disabled={retrying}
          className="min-h-11 rounded-md bg-stone-900 px-4 font-medium text-white hover:bg-stone-700 disabled:opacity-60"
        >
          {retrying ? "Trying again…" : counting ? "Try again now" : "Try again"}
        </button>
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
