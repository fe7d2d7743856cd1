"use client";

import { useEffect, useRef, type RefObject } from "react";

/**
 * Puts the focus on the active cell once it is rendered (a virtual row may take a few frames) after a move, a commit
 * or a cancel asked for it; an open cell's editor holds the focus meanwhile.
 */
export function useCellFocus(
  scroller: RefObject<HTMLDivElement | null>,
  active: { row: number; col: number },
  editing: boolean,
) {
  const wantFocus = useRef(false);
  useEffect(() => {
    if (editing || !wantFocus.current) return;
    let frames = 0;
    let handle = 0;
    const focus = () => {
      const cell = scroller.current?.querySelector<HTMLElement>(`[data-cell="${active.row}:${active.col}"]`);
      if (cell) {
        cell.focus({ preventScroll: false });
        wantFocus.current = false;
      } else if (frames++ < 10) handle = requestAnimationFrame(focus);
    };
    focus();
    return () => cancelAnimationFrame(handle);
  }, [scroller, active, editing]);
  return wantFocus;
}
