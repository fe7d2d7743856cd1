"use client";

import { useRef, useState } from "react";
import type { Listing, Question } from "@/lib/marketplace/wire";
import { snapshotOf, type Snapshot } from "@/lib/personalization/snapshot";
import type { useUnsavedChanges } from "./use-unsaved-changes";

/**
 * What both editors save against: the listing's questions as the form loaded them (or last saved them), never a later
 * read, so a change made since is caught; and where "Save and leave" goes once the save worked.
 */
export function useEditorBasis(listing: Listing, onStored: (listing: Listing) => void) {
  const [loaded, setLoaded] = useState<Snapshot>(() => snapshotOf(listing));
  const leaveAfterSave = useRef<(() => void) | undefined>(undefined);

  /** These questions are now the listing's, and the basis of the next save. */
  const storedAs = (questions: Question[]) => {
    onStored({ ...listing, isPersonalizable: questions.length > 0, questions, legacyDisagrees: false });
    setLoaded(snapshotOf({ questions }));
  };
  const leaveIfAsked = () => {
    const leave = leaveAfterSave.current;
    leaveAfterSave.current = undefined;
    leave?.();
  };
  const stay = () => {
    leaveAfterSave.current = undefined;
  };
  const saveAndLeave = (unsaved: ReturnType<typeof useUnsavedChanges>, form: HTMLFormElement | null) => {
    leaveAfterSave.current = unsaved.leave;
    unsaved.stay();
    form?.requestSubmit();
  };
  return { loaded, storedAs, leaveIfAsked, stay, saveAndLeave };
}
