import type { SheetListing } from "@/lib/orders/production-sheet";
import styles from "./production-sheet.module.css";

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
                    <th scope="col" className="w-24 border border-stone-300 px-2 py-1">
                      Order
                    </th>
                    <th scope="col" className="w-40 border border-stone-300 px-2 py-1">
                      Buyer
                    </th>
                    <th scope="col" className="w-12 border border-stone-300 px-2 py-1">
                      Qty
                    </th>
                    <th scope="col" className="border border-stone-300 px-2 py-1">
                      Answer
                    </th>
                    <th scope="col" className="w-48 border border-stone-300 px-2 py-1">
                      Check
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {question.rows.map((row, index) => (
                    <tr key={`${row.receiptId}-${index}`}>
                      <td className="border border-stone-300 px-2 py-1 tabular-nums">{row.receiptId}</td>
                      <td className="border border-stone-300 px-2 py-1">{row.buyerName}</td>
                      <td className="border border-stone-300 px-2 py-1 tabular-nums">{row.quantity}</td>
                      <td className="whitespace-pre-wrap break-words border border-stone-300 px-2 py-1 text-base font-medium">
                        {row.answer || <span className="font-normal italic text-stone-600">none</span>}
                      </td>
                      <td className="border border-stone-300 px-2 py-1 text-amber-950">{row.check}</td>
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
