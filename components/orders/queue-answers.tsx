import type { QueueItem } from "@/lib/orders/queue/queue-rows";

/** An item's answers in the buyer's wording, each flag to check, and the review's approval or correction. */
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
    </>
  );
}
