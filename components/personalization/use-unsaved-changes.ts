"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { isOlderPage } from "../feedback/call-action";

export type Leaving =
  | { kind: "link"; anchor: HTMLAnchorElement }
  | { kind: "form"; form: HTMLFormElement; submitter: HTMLElement | null }
  | { kind: "back" };

const GUARD = "__unsavedChangesGuard";

/**
 * Guards unsaved changes against leaving the page. Once the page has learned it is from an older build of the
 * dashboard, a reload is the way on: `keep` puts the changes in tab storage, for the editor to restore, and the
 * browser does not ask.
 */
export function useUnsavedChanges(dirty: boolean, keep: () => void) {
  const [leaving, setLeaving] = useState<Leaving | null>(null);
  const allowed = useRef(false);
  const keepLatest = useRef(keep);
  useEffect(() => {
    keepLatest.current = keep;
  });

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (allowed.current) return;
      if (isOlderPage()) return keepLatest.current();
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty]);

  useEffect(() => {
    if (!dirty) return;
    const onClick = (event: MouseEvent) => {
      if (
        allowed.current ||
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return;
      const anchor = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (
        !(anchor instanceof HTMLAnchorElement) ||
        (anchor.target && anchor.target !== "_self") ||
        anchor.hasAttribute("download")
      )
        return;
      const url = new URL(anchor.href);
      if (
        url.origin !== window.location.origin ||
        (url.pathname === window.location.pathname && url.search === window.location.search)
      )
        return;
      event.preventDefault();
      event.stopPropagation();
      setLeaving({ kind: "link", anchor });
    };
    const onSubmit = (event: SubmitEvent) => {
      const form = event.target;
      if (allowed.current || !(form instanceof HTMLFormElement) || form.dataset.keepsDraft !== undefined) return;
      event.preventDefault();
      event.stopPropagation();
      setLeaving({ kind: "form", form, submitter: event.submitter });
    };
    document.addEventListener("click", onClick, true);
    document.addEventListener("submit", onSubmit, true);
    return () => {
      document.removeEventListener("click", onClick, true);
      document.removeEventListener("submit", onSubmit, true);
    };
  }, [dirty]);

  useEffect(() => {
    if (!dirty) return;
    const arm = () => window.history.pushState({ ...window.history.state, [GUARD]: true }, "", window.location.href);
    if (!window.history.state?.[GUARD]) arm();
    const onPopState = () => {
      if (allowed.current) return;
      arm();
      setLeaving({ kind: "back" });
    };
    window.addEventListener("popstate", onPopState);
    return () => {
      window.removeEventListener("popstate", onPopState);
      if (!allowed.current && window.history.state?.[GUARD]) window.history.back();
    };
  }, [dirty]);

  const stay = useCallback(() => setLeaving(null), []);
  const leave = useCallback(() => {
    const target = leaving;
    allowed.current = true;
    setLeaving(null);
    if (target?.kind === "link") setTimeout(() => target.anchor.click(), 0);
    else if (target?.kind === "form") setTimeout(() => target.form.requestSubmit(target.submitter), 0);
    else window.history.go(-2);
  }, [leaving]);

  return { leaving, stay, leave };
}
