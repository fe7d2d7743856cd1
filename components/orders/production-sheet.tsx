import type { SheetListing } from "@/lib/orders/production-sheet";
import styles from "./production-sheet.module.css";

const CELL = "border border-stone-300 px-2 py-1";

const COLUMNS = [
  ["Order", "w-24"],
  ["Buyer", "w-40"],
  ["Qty", "w-12"],
  ["Answer", ""],
  ["Check", "w-48"],
] as const;

export function ProductionSheet({ sheet }: { sheet: SheetListing[] }) {
  return (
    <div className={styles.sheet}>
      {sheet.map((listing) => (
        <section
          key={listing.listingId ?? listing.title}
          className={`${styles.listing} mt-6`}
          aria-labelledby={`sheet-listing-${listing.listingId}`}
        >
          <h2 id={`sheet-listing-${listing.listingId}`} className="text-xl font-semibold">
            {listing.title}
            {listing.listingId !== null && (
              <span className="ml-2 text-sm font-normal text-stone-700">listing {listing.listingId}</span>
            )}
          </h2>
          {listing.questions.map((question) => (
            <div key={question.key} className={`${styles.question} mt-3`}>
              <table className="w-full border-collapse text-sm">
                <caption className="py-1 text-left font-semibold">{question.title}</caption>
                <thead>
                  <tr className="bg-stone-100 text-left">
                    {COLUMNS.map(([name, width]) => (
                      <th key={name} scope="col" className={`${width} ${CELL}`}>
                        {name}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {question.rows.map((row, index) => (
                    <tr key={`${row.receiptId}-${index}`}>
                      <td className={`${CELL} tabular-nums`}>{row.receiptId}</td>
                      <td className={CELL}>{row.buyerName}</td>
                      <td className={`${CELL} tabular-nums`}>{row.quantity}</td>
                      <td className={`${CELL} whitespace-pre-wrap break-words text-base font-medium`}>
                        {row.answer || <span className="font-normal italic text-stone-600">none</span>}
                      </td>
                      <td className={`${CELL} text-amber-950`}>{row.check}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ))}
        </section>
      ))}
    </div>
  );
}
