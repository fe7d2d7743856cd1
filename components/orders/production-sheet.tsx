import { dayText } from "@/lib/orders/day";
import {
  NO_ANSWER,
  statusOf,
  type ProductionSheet as Sheet,
  type SheetItem,
  type SheetTotals,
} from "@/lib/orders/production-sheet";
import { remakeNumber } from "@/lib/orders/queue/queue-rows";
import { ProofThumb } from "../production/proof-thumb";
import styles from "./production-sheet.module.css";

const CELL = "border border-stone-300 px-2 py-1 align-top";
/** The box to tick is for paper and a wide screen: on a phone the answers take its room. */
const PAPER_ONLY = "max-md:hidden print:table-cell";

const COLUMNS = [
  ["Order", styles.order],
  ["Ship by", styles.date],
  ["Buyer", styles.buyer],
  ["Qty", styles.qty],
  ["Answers", styles.answers],
  ["Check", `${styles.check} ${PAPER_ONLY}`],
] as const;

function Totals({ totals }: { totals: SheetTotals }) {
  return (
    <p className="text-sm" data-testid="sheet-totals">
      <span className="font-semibold">{totals.title}: </span>
      {totals.kind === "choices"
        ? totals.choices.map((choice) => `${choice.answer} ×${choice.items}`).join(" · ")
        : totals.files.length === 0
          ? "no file uploaded"
          : totals.files.map((file) => `${file.name} (order ${file.receiptId})`).join(" · ")}
    </p>
  );
}

/** Every answer of the item, a correction in place of the answer it corrects, then the buyer's note. */
function ItemAnswers({ item, title }: { item: SheetItem; title: string }) {
  return (
    <>
      {item.onHold && (
        <p className="font-semibold text-red-900" data-on-hold>
          {statusOf(item)}
        </p>
      )}
      {item.answers.length === 0 ? (
        <span className="text-stone-700">No personalization</span>
      ) : (
        <dl className="grid gap-x-2 sm:grid-cols-[auto_1fr]">
          {item.answers.map((answer, position) => (
            <div key={`${answer.title}-${position}`} className="contents">
              <dt className="text-stone-700">
                {answer.title}
                {answer.changed && <span> ({answer.changed})</span>}
              </dt>
              <dd className="whitespace-pre-wrap break-words text-base font-medium" data-answer>
                {answer.value || <span className="font-normal italic text-stone-700">{NO_ANSWER}</span>}
                {answer.corrected && (
                  <span className="ml-2 rounded bg-stone-200 px-1 text-xs font-semibold uppercase" data-corrected>
                    corrected
                  </span>
                )}
                {answer.checks.map((check) => (
                  <span key={check} className="block text-xs font-normal text-amber-950" data-check>
                    <strong>Check:</strong> {check}
                  </span>
                ))}
              </dd>
            </div>
          ))}
        </dl>
      )}
      <ProofThumb item={{ ...item, title }} />
      {item.buyerNote && (
        <p className="mt-1 whitespace-pre-wrap break-words border-l-4 border-stone-400 pl-2" data-buyer-note>
          <strong>Note from the buyer:</strong> {item.buyerNote}
        </p>
      )}
    </>
  );
}

export function ProductionSheet({ sheet, timeZone }: { sheet: Sheet; timeZone: string }) {
  return (
    <div className={styles.sheet}>
      {sheet.listings.map((listing, listingIndex) => {
        const headingId = `sheet-listing-${listingIndex}`;
        return (
          <section key={listing.listingId ?? listing.title} className="mt-6" aria-labelledby={headingId}>
            <h2 id={headingId} className="text-xl font-semibold">
              {listing.title}
              {listing.listingId !== null && (
                <span className="ml-2 text-sm font-normal text-stone-700">listing {listing.listingId}</span>
              )}
            </h2>
            {listing.totals.map((totals) => (
              <Totals key={`${totals.kind}-${totals.title}`} totals={totals} />
            ))}
            <table aria-labelledby={headingId} className={`${styles.table} mt-2 w-full border-collapse text-sm`}>
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
                {listing.items.map((item) => (
                  <tr key={item.itemId} data-item={item.itemId} className={item.onHold ? styles.held : undefined}>
                    <td className={`${CELL} whitespace-nowrap tabular-nums`}>
                      {item.receiptId}
                      {item.remakeOf && <span className="block text-xs">remake {remakeNumber(item.itemId)}</span>}
                    </td>
                    <td className={`${CELL} whitespace-nowrap tabular-nums`}>{dayText(item.shipBy, timeZone)}</td>
                    <td className={CELL}>{item.buyerName}</td>
                    <td className={`${CELL} tabular-nums`}>{item.quantity}</td>
                    <td className={CELL}>
                      <ItemAnswers item={item} title={listing.title} />
                    </td>
                    <td className={`${CELL} ${PAPER_ONLY}`}>
                      <span aria-hidden className={styles.box} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        );
      })}
    </div>
  );
}
