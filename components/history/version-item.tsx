import Link from "next/link";
import type { Version } from "@/lib/history/versions";
import { questionDiff } from "@/lib/personalization/question-diff";
import { describeSnapshot } from "@/lib/personalization/snapshot";
import { LocalTime } from "../local-time";
import { QuestionDiff } from "../questions/question-diff";
import { EntryTitle } from "./entry-title";

/** One version of what buyers were asked: when and how it came, what changed, and a button to put it back. */
export function VersionItem({
  version,
  canPutBack,
  pending,
  onPutBack,
}: {
  version: Version;
  /** Shown only where restoring is allowed and the version differs from what buyers are asked now. */
  canPutBack: boolean;
  pending: boolean;
  onPutBack: () => void;
}) {
  const summary = `history-summary-${version.entry.id}-${version.side}`;
  const described = describeSnapshot(version.snapshot);
  return (
    <li
      className="flex flex-wrap items-start justify-between gap-3 py-3"
      data-testid="history-entry"
      data-outcome={version.side === "after" ? version.entry.outcome : "done"}
      data-current={version.current || undefined}
    >
      <div className="min-w-0 flex-1">
        <p id={summary} className="text-sm font-medium">
          {version.side === "before" ? (
            <>
              Before <LocalTime at={version.entry.recordedAt} />: as the listing was before these changes
            </>
          ) : (
            <>
              <LocalTime at={version.entry.recordedAt} /> · <EntryTitle entry={version.entry} />
              {version.entry.planId && (
                <>
                  {" · "}
                  <Link
                    href={`/changes/${version.entry.planId}`}
                    className="text-blue-800 underline underline-offset-2"
                  >
                    see the change
                  </Link>
                </>
              )}
            </>
          )}
        </p>
        <p className="mt-1 text-sm break-words" data-testid="history-version">
          {version.current && (
            <span className="mr-2 rounded bg-green-100 px-1.5 py-0.5 font-medium text-green-950">
              What buyers are asked now
            </span>
          )}
          <span className="text-stone-700">Buyers {version.current ? "are" : "were"} asked: </span>
          {described}
        </p>
        {version.from && <QuestionDiff changes={questionDiff(version.from.questions, version.snapshot.questions)} />}
      </div>
      {canPutBack && (
        <button
          type="button"
          disabled={pending}
          onClick={onPutBack}
          aria-describedby={summary}
          className="min-h-11 max-w-full rounded-md px-3 py-1.5 text-left text-sm font-medium break-words ring-1 ring-stone-300 hover:bg-stone-100 disabled:opacity-50 sm:max-w-xs"
        >
          Put back: {described}
        </button>
      )}
    </li>
  );
}
