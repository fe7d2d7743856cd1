"use client";

import { describeSnapshot, type Snapshot } from "@/lib/personalization/snapshot";
import { MODAL_CLASS, useModal } from "./use-modal";

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
    <dialog
      ref={dialog}
      aria-labelledby="changed-since-heading"
      aria-describedby="changed-since-text"
      onClose={onClose}
      className={`${MODAL_CLASS} max-w-2xl`}
    >
      <h2 id="changed-since-heading" className="text-lg font-semibold">
        This listing changed since you opened it
      </h2>
      <p id="changed-since-text" className="mt-2 text-sm text-stone-700">
        Someone (you in another tab, a colleague, or Shop Manager) changed what buyers are asked. Nothing was written.
        Choose which version buyers are asked.
      </p>
      <div className="mt-4 grid gap-3 sm:grid-cols-2">
        <Version heading={mineHeading} snapshot={mine} testId="changed-since-mine" />
        <Version heading="On the marketplace now" snapshot={theirs} testId="changed-since-theirs" />
      </div>
      <div className="mt-5 flex flex-wrap justify-end gap-3">
        <button
          type="button"
          autoFocus
          onClick={() => dialog.current?.close()}
          className="min-h-11 rounded-md px-4 py-2 ring-1 ring-stone-300 hover:bg-stone-100"
        >
          Keep editing
        </button>
        {onTakeTheirs && (
          <button
            type="button"
            onClick={() => choose(onTakeTheirs)}
            className="min-h-11 rounded-md px-4 py-2 font-medium ring-1 ring-stone-300 hover:bg-stone-100"
          >
            Take the marketplace’s
          </button>
        )}
        <button
          type="button"
          onClick={() => choose(onKeepMine)}
          className="min-h-11 rounded-md bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark"
        >
          {keepLabel}
        </button>
      </div>
    </dialog>
  );
}
