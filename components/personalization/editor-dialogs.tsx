"use client";

import { lazy, Suspense, type ReactNode } from "react";
import { snapshotOf, type Snapshot } from "@/lib/personalization/snapshot";
import type { EditorWrites } from "./use-editor-writes";

// Each dialog is a chunk loaded when it opens: the editor's first load carries none of them.
const RemoveDialog = lazy(() => import("./remove-dialog").then((module) => ({ default: module.RemoveDialog })));
const LeaveDialog = lazy(() => import("./leave-dialog").then((module) => ({ default: module.LeaveDialog })));
const NoInstructionsDialog = lazy(() =>
  import("../questions/no-instructions-dialog").then((module) => ({ default: module.NoInstructionsDialog })),
);
const ChangedSinceDialog = lazy(() =>
  import("./changed-since-dialog").then((module) => ({ default: module.ChangedSinceDialog })),
);
export const TemplatesDialog = lazy(() =>
  import("../templates/templates-dialog").then((module) => ({ default: module.TemplatesDialog })),
);

type Props<V> = {
  writes: EditorWrites<V>;
  /** This editor's templates dialog, shown while the templates are open. */
  templates: () => ReactNode;
  title: string;
  /** Shows the question without instructions (`index` of several), for the seller to add them. */
  onAddInstructions: (index: number | undefined) => void;
  /** The seller's values as the changed-since dialog shows them beside the marketplace's. */
  mine: (values: V) => Snapshot;
  several?: boolean;
};

/** The dialogs both editors open: templates, remove, a save without instructions, a listing changed since, leaving. */
export function EditorDialogs<V>({ writes, templates, title, onAddInstructions, mine, several }: Props<V>) {
  const { dialog, write, unsaved } = writes;
  const onClose = () => writes.setDialog(null);
  const noInstructions = typeof dialog === "object" && dialog !== null && "noInstructions" in dialog ? dialog : null;
  const changed = typeof dialog === "object" && dialog !== null && "changed" in dialog ? dialog.changed : null;
  return (
    <Suspense fallback={null}>
      {dialog === "templates" && templates()}
      {dialog === "remove" && <RemoveDialog title={title} onConfirm={writes.remove} onClose={onClose} />}
      {noInstructions && (
        <NoInstructionsDialog
          onConfirm={() => write(noInstructions.noInstructions)}
          onAddInstructions={() => {
            writes.stay();
            setTimeout(() => onAddInstructions(noInstructions.index), 0);
          }}
          onClose={onClose}
        />
      )}
      {changed && (
        <ChangedSinceDialog
          mine={mine(changed.values)}
          theirs={snapshotOf({ questions: changed.theirs })}
          keepLabel={several ? "Keep mine and save them" : "Keep mine and save it"}
          onKeepMine={() => write(changed.values, snapshotOf({ questions: changed.theirs }))}
          onTakeTheirs={() => writes.takeTheirs(changed.theirs)}
          onClose={onClose}
        />
      )}
      {unsaved.leaving && (
        <LeaveDialog
          several={several}
          onStay={unsaved.stay}
          onLeave={unsaved.leave}
          onSaveAndLeave={writes.saveAndLeave}
        />
      )}
    </Suspense>
  );
}
