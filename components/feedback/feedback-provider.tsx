"use client";

import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { FeedbackContext, type Feedback, type Toast } from "./toast-context";

type Shown = Toast & { serial: number; focus: boolean; followsNavigation: boolean };

const SUCCESS_MS = 6000;

const TONES = {
  success: "bg-green-50 text-green-950 ring-green-300",
  info: "bg-blue-50 text-blue-950 ring-blue-300",
  error: "bg-red-50 text-red-950 ring-red-300",
} as const;

export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [polite, setPolite] = useState<Shown | null>(null);
  const [assertive, setAssertive] = useState<Shown | null>(null);
  const serial = useRef(0);
  const [hovered, setHovered] = useState(false);

  const clear = useCallback(() => {
    setPolite(null);
    setAssertive(null);
  }, []);

  const notify = useCallback((toast: Toast, options: { focus?: boolean; followsNavigation?: boolean } = {}) => {
    serial.current += 1;
    const shown = {
      ...toast,
      serial: serial.current,
      focus: options.focus ?? false,
      followsNavigation: options.followsNavigation ?? false,
    };
    setHovered(false);
    if (toast.tone === "error") {
      setPolite(null);
      setAssertive(shown);
    } else {
      setAssertive(null);
      setPolite(shown);
    }
  }, []);

  useEffect(() => {
    const navigation = (window as { navigation?: EventTarget }).navigation;
    if (!navigation) return;
    let path = window.location.pathname;
    const next = (shown: Shown | null) =>
      shown?.followsNavigation ? { ...shown, followsNavigation: false, focus: false } : null;
    const onEntryChange = () => {
      if (window.location.pathname === path) return;
      path = window.location.pathname;
      setPolite(next);
      setAssertive(next);
    };
    navigation.addEventListener("currententrychange", onEntryChange);
    return () => navigation.removeEventListener("currententrychange", onEntryChange);
  }, []);

  const stack = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = stack.current;
    if (!element) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      const height = polite || assertive ? element.offsetHeight : 0;
      root.style.setProperty("--toast-space", `${height}px`);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty("--toast-space");
    };
  }, [polite, assertive]);

  useEffect(() => {
    if (!polite || hovered) return;
    const timer = setTimeout(() => setPolite(null), SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [polite, hovered]);

  const feedback = useMemo<Feedback>(() => ({ notify, clear }), [notify, clear]);
  return (
    <FeedbackContext.Provider value={feedback}>
      {children}
      <div
        ref={stack}
        className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-stretch gap-2 p-3 sm:items-end sm:p-4"
      >
        <ToastSlot
          role="status"
          shown={polite}
          onDismiss={() => {
            setPolite(null);
            setHovered(false);
          }}
          onHold={setHovered}
        />
        <ToastSlot role="alert" shown={assertive} onDismiss={() => setAssertive(null)} />
      </div>
    </FeedbackContext.Provider>
  );
}

function ToastSlot({
  role,
  shown,
  onDismiss,
  onHold,
}: {
  role: "status" | "alert";
  shown: Shown | null;
  onDismiss: () => void;
  onHold?: (held: boolean) => void;
}) {
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (shown?.focus) region.current?.focus();
  }, [shown]);
  return (
    <div
      className={
        shown
          ? `pointer-events-auto flex w-full items-start gap-2 rounded-lg p-3 text-sm shadow-lg ring-1 sm:max-w-md ${TONES[shown.tone]}`
          : "contents"
      }
      data-testid={shown ? "toast" : undefined}
      onPointerEnter={() => onHold?.(true)}
      onPointerLeave={() => onHold?.(false)}
      onFocus={() => onHold?.(true)}
      onBlur={() => onHold?.(false)}
    >
      <div
        ref={region}
        role={role}
        aria-live={role === "alert" ? "assertive" : "polite"}
        aria-atomic="true"
        tabIndex={shown ? -1 : undefined}
        className="min-w-0 flex-1 self-center outline-none focus-visible:ring-2 focus-visible:ring-current"
      >
        {shown && (
          <div key={shown.serial}>
            <p className="break-words">{shown.text}</p>
            {shown.action}
          </div>
        )}
      </div>
      {shown && (
        <button
          type="button"
          onClick={onDismiss}
          aria-label="Dismiss this message"
          className="-m-1 grid min-h-11 min-w-11 shrink-0 place-items-center rounded-md text-lg leading-none hover:bg-black/10"
        >
          <span aria-hidden="true">×</span>
        </button>
      )}
    </div>
  );
}
