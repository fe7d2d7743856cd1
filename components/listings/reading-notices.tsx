import { TimeAgo } from "../feedback/time-ago";
import { wholeNumber } from "@/lib/whole-number";

/** Why the list holds less, or older, than the marketplace: a large shop still being read, or the marketplace away. */
export function ReadingNotices({
  partialOf,
  keptCopy,
  holds,
  stateLabel,
}: {
  partialOf?: number;
  keptCopy?: { readAt: number };
  /** How many listings the list holds meanwhile. */
  holds?: number;
  stateLabel: string;
}) {
  return (
    <>
      {partialOf !== undefined && (
        <p role="status" className="mt-4 rounded-lg bg-blue-50 p-3 text-sm text-blue-950 ring-1 ring-blue-200">
          Your shop has {wholeNumber(partialOf)} {stateLabel} listings. Until the dashboard has read them all, this list
          holds the first {holds}: search, filters and sorts cover those, and changes to many listings open once the
          reading is done.
        </p>
      )}
      {keptCopy && (
        <p role="status" className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-200">
          Showing your listings as the dashboard last read them, <TimeAgo at={keptCopy.readAt} />; the marketplace is
          not answering, and the page tries again by itself.
        </p>
      )}
    </>
  );
}
