import type { QueueItem } from "@/lib/orders/queue/queue-rows";
import { ReadNoteButton } from "./read-note-button";

/**
 * An item's answers in the buyer's wording, each flag to check, the review's approval or correction, and the buyer's
 * note to the order, which holds the item in review until the seller has read it.
 */
export function QueueAnswers({ item }: { item: QueueItem }) {
  return (
    <>
      {item.answers.length === 0 ? (
        <span className="text-stone-600">No personalization</span>
      ) : (
        <dl className="grid grid-cols-[auto_1fr] gap-x-2">
          {item.answers.map((answer, position) => (
            <div key={`${answer.title}-${position}`} className="contents">
              <dt className="text-stone-700">
                {answer.title}
                {answer.titleToday && <span> (now asked as “{answer.titleToday}”)</span>}
                {answer.titleToday === null && <span> (no longer asked)</span>}
              </dt>
              <dd className="whitespace-pre-wrap break-words text-stone-900" data-answer>
                {answer.value || <span className="italic text-stone-600">No answer</span>}
                {answer.addOn && <span className="text-stone-700"> (add-on {answer.addOn})</span>}
                {answer.flags.map((flag) => (
                  <span key={flag.kind} className="block text-xs text-amber-950" data-flag={flag.kind}>
                    <strong>Check:</strong> {flag.message}
                  </span>
                ))}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {item.review === "approved" && <p className="text-xs text-stone-700">Approved as it is.</p>}
      {item.review === "corrected" && (
        <p className="text-xs font-medium text-stone-900" data-correction>
          Correction: {item.note}
          {item.noteFlags.map((flag) => (
            <span key={flag.kind} className="block text-xs font-normal text-amber-950" data-flag={flag.kind}>
              <strong>Check:</strong> {flag.message}
            </span>
          ))}
        </p>
      )}
      {item.buyerNote && (
        <div className="mt-1 border-l-4 border-stone-400 pl-2 text-xs text-stone-900" data-buyer-note>
          <p className="whitespace-pre-wrap break-words">
            <strong>Note from the buyer:</strong> {item.buyerNote}
          </p>
          {!item.noteRead && ["review", "waiting"].includes(item.state) && (
            <>
              <p className="font-semibold text-amber-950">The buyer left a note: read it.</p>
              <ReadNoteButton itemId={item.itemId} receiptId={item.receiptId} />
            </>
          )}
        </div>
      )}
    </>
  );
}
