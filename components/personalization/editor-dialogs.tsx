"use client";

import { lazy, Suspense, type ReactNode } from "react";
import type { Question } from "@/lib/marketplace/wire";
import { snapshotOf, type Snapshot } from "@/lib/personalization/snapshot";
import type { useUnsavedChanges } from "./use-unsaved-changes";

// Each dialog is a chunk loaded when it opens: the editor's first load carries none of them.
const RemoveDialog = lazy(() => import("./remove-dialog").then((module) => ({ default: module.RemoveDialog })));
const LeaveDialog = lazy(() => import("./leave-dialog").then((module) => ({ default: module.LeaveDialog })));
const NoInstructionsDialog = lazy(() =>
  import("./no-instructions-dialog").then((module) => ({ default: module.NoInstructionsDialog })),
);
const ChangedSinceDialog = lazy(() =>
  import("./changed-since-dialog").then((module) => ({ default: module.ChangedSinceDialog })),
);
export const TemplatesDialog = lazy(() =>
  import("./templates-dialog").then((module) => ({ default: module.TemplatesDialog })),
);
export const QuestionTemplatesDialog = lazy(() =>
  import("./templates-dialog").then((module) => ({ default: module.QuestionTemplatesDialog })),
);

/** The dialog an editor shows: `index` names the question without instructions, in an editor of several. */
export type EditorDialog<V> =
  | "templates"
  | "remove"
  | { noInstructions: V; index?: number }
  | { changed: { values: V; theirs: Question[] } }
  | null;

type Props<V> = {
  dialog: EditorDialog<V>;
  onClose: () => void;
  /** This editor's templates dialog, shown while `dialog` is "templates". */
  templates: () => ReactNode;
  title: string;
  onRemove: () => void;
  write: (values: V, expected?: Snapshot) => void;
  onAddInstructions: (index: number | undefined) => void;
  /** The seller's values as the changed-since dialog shows them beside the marketplace's. */
  mine: (values: V) => Snapshot;
  keepLabel: string;
  onTakeTheirs: (theirs: Question[]) => void;
  unsaved: ReturnType<typeof useUnsavedChanges>;
  onSaveAndLeave: () => void;
  several?: boolean;
};

/** The dialogs both editors open: templates, remove, a save without instructions, a listing changed since, leaving. */
export function EditorDialogs<V>(props: Props<V>) {
  const { dialog, onClose, write, unsaved } = props;
  const noInstructions = typeof dialog === "object" && dialog !== null && "noInstructions" in dialog ? dialog : null;
  const changed = typeof dialog === "object" && dialog !== null && "changed" in dialog ? dialog.changed : null;
  return (
    <Suspense fallback={null}>
      {dialog === "templates" && props.templates()}
      {dialog === "remove" && <RemoveDialog title={props.title} onConfirm={props.onRemove} onClose={onClose} />}
      {noInstructions && (
        <NoInstructionsDialog
          onConfirm={() => write(noInstructions.noInstructions)}
          onAddInstructions={() => props.onAddInstructions(noInstructions.index)}
          onClose={onClose}
        />
      )}
      {changed && (
        <ChangedSinceDialog
          mine={props.mine(changed.values)}
          theirs={snapshotOf({ questions: changed.theirs })}
          keepLabel={props.keepLabel}
          onKeepMine={() => write(changed.values, snapshotOf({ questions: changed.theirs }))}
          onTakeTheirs={() => props.onTakeTheirs(changed.theirs)}
          onClose={onClose}
        />
      )}
      {unsaved.leaving && (
        <LeaveDialog
          several={props.several}
          onStay={unsaved.stay}
          onLeave={unsaved.leave}
          onSaveAndLeave={props.onSaveAndLeave}
        />
      )}
    </Suspense>
  );
}
