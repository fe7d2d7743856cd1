"use client";

import { describeSnapshot, type Snapshot } from "@/lib/personalization/snapshot";
import { Button } from "../ui/button";
import { DialogFrame, useModal } from "../ui/dialog-frame";

function Version({ heading, snapshot, testId }: { heading: string; snapshot: Snapshot; testId: string }) {
  return (
    <section className="rounded-lg p-3 ring-1 ring-stone-200" data-testid={testId}>
      <h3 className="font-semibold">{heading}</h3>
      {snapshot.questions.length === 0 ? (
        <p className="mt-1 text-sm">No question</p>
      ) : (
        <ol className="mt-1 list-decimal space-y-1 pl-5 text-sm">
          {snapshot.questions.map((question, index) => (
            <li key={index}>
              {snapshot.questions.length > 1 && `“${question.title}”: `}
              {describeSnapshot({ questions: [question] })}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/**
 * A save (or a restore) found the listing changed since the seller opened it: both versions side by side, and
 * nothing is written until the seller keeps theirs or takes the marketplace's. Closing keeps the form as typed.
 */
export function ChangedSinceDialog({
  mine,
  mineHeading = "Yours",
  theirs,
  keepLabel,
  onKeepMine,
  onTakeTheirs,
  onClose,
}: {
  mine: Snapshot;
  mineHeading?: string;
  theirs: Snapshot;
  keepLabel: string;
  onKeepMine: () => void;
  onTakeTheirs?: () => void;
  onClose: () => void;
}) {
  const dialog = useModal();
  const choose = (choice: () => void) => {
    dialog.current?.close();
    choice();
  };
  return (
    <DialogFrame
      dialogRef={dialog}
      name="changed-since"
      heading="This listing changed since you opened it"
      text="Someone (you in another tab, a colleague, or Shop Manager) changed what buyers are asked. Nothing was written. Choose which version buyers are asked."
      width="max-w-2xl"
      onClose={onClose}
    >
      <div className="mt-4 grid gap-3 sm:grid-cols-2">
        <Version heading={mineHeading} snapshot={mine} testId="changed-since-mine" />
        <Version heading="On the marketplace now" snapshot={theirs} testId="changed-since-theirs" />
      </div>
      <div className="mt-5 flex flex-wrap justify-end gap-3">
        <Button autoFocus onClick={() => dialog.current?.close()}>
          Keep editing
        </Button>
        {onTakeTheirs && (
          <Button onClick={() => choose(onTakeTheirs)} className="font-medium">
            Take the marketplace’s
          </Button>
        )}
        <Button variant="primary" onClick={() => choose(onKeepMine)}>
          {keepLabel}
        </Button>
      </div>
    </DialogFrame>
  );
}
