import { dayText } from "@/lib/orders/day";
import { changedSince, NO_ANSWER, type SheetListing, type SheetQuestion } from "@/lib/orders/production-sheet";
import styles from "./production-sheet.module.css";

const CELL = "border border-stone-300 px-2 py-1";

const COLUMNS = [
  ["Order", "w-20"],
  ["Ordered", "w-24"],
  ["Ship by", "w-24"],
  ["Buyer", "w-32"],
  ["Qty", "w-12"],
  ["Answer", ""],
  ["Check", "w-40"],
] as const;

function Totals({ totals }: { totals: SheetQuestion["totals"] }) {
  if (totals === null) return null;
  return (
    <p className="mb-1 text-sm" data-testid="sheet-totals">
      {totals.kind === "choices" ? (
        <>
          <span className="font-semibold">Items per choice: </span>
          {totals.choices.map((choice) => `${choice.answer} ×${choice.items}`).join(" · ")}
        </>
      ) : (
        <>
          <span className="font-semibold">Files: </span>
          {totals.files.length === 0
            ? "none uploaded"
            : totals.files.map((file) => `${file.name} (order ${file.receiptId})`).join(" · ")}
        </>
      )}
    </p>
  );
}

export function ProductionSheet({ sheet }: { sheet: SheetListing[] }) {
  return (
    <div className={styles.sheet}>
      {sheet.map((listing, listingIndex) => (
        <section
          key={listing.listingId ?? listing.title}
          className={`${styles.listing} mt-6`}
          aria-labelledby={`sheet-listing-${listingIndex}`}
        >
          <h2 id={`sheet-listing-${listingIndex}`} className="text-xl font-semibold">
            {listing.title}
            {listing.listingId !== null && (
              <span className="ml-2 text-sm font-normal text-stone-700">listing {listing.listingId}</span>
            )}
          </h2>
          {listing.questions.map((question, questionIndex) => {
            const headingId = `sheet-question-${listingIndex}-${questionIndex}`;
            const changed = changedSince(question);
            return (
              <div key={question.key} role="group" aria-labelledby={headingId} className={`${styles.question} mt-3`}>
                <h3 id={headingId} className="py-1 text-sm font-semibold">
                  {question.title}
                  {changed && (
                    <>
                      {" "}
                      <span className="font-normal text-stone-700">({changed})</span>
                    </>
                  )}
                </h3>
                <Totals totals={question.totals} />
                <table aria-labelledby={headingId} className="w-full border-collapse text-sm">
                  <thead>
                    <tr className="bg-stone-100 text-left">
                      {COLUMNS.map(([name, width]) => (
                        <th key={name} scope="col" className={`${width} ${CELL} whitespace-nowrap`}>
                          {name}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {question.rows.map((row) => (
                      <tr key={row.transactionId}>
                        <td className={`${CELL} tabular-nums`}>{row.receiptId}</td>
                        <td className={`${CELL} whitespace-nowrap tabular-nums`}>{dayText(row.orderedAt)}</td>
                        <td className={`${CELL} whitespace-nowrap tabular-nums`}>{dayText(row.shipBy)}</td>
                        <td className={CELL}>{row.buyerName}</td>
                        <td className={`${CELL} tabular-nums`}>{row.quantity}</td>
                        <td className={`${CELL} whitespace-pre-wrap break-words text-base font-medium`}>
                          {row.answer || <span className="font-normal italic text-stone-600">{NO_ANSWER}</span>}
                        </td>
                        <td className={`${CELL} text-amber-950`}>{row.check}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            );
          })}
        </section>
      ))}
    </div>
  );
}
