import Link from "next/link";
import { dueCounts } from "@/lib/orders/queue/queue-view";
import { wholeNumber } from "@/lib/whole-number";

const LINK = "inline-block py-3 font-semibold text-blue-800 underline md:py-0";

/** The landing page's word on the orders: what is due today and overdue, each a link to the queue filtered so. */
export async function OrdersDueCard({ shopId }: { shopId: number }) {
  const counts = await dueCounts(shopId).catch(() => null);
  if (!counts) return null;
  return (
    <section
      aria-labelledby="orders-due"
      className="mt-4 rounded-lg bg-white p-3 text-sm ring-1 ring-stone-200"
      data-testid="orders-due"
    >
      <h2 id="orders-due" className="inline font-semibold">
        Orders
      </h2>
      :{" "}
      <Link className={LINK} href="/orders?due=today">
        {wholeNumber(counts.dueToday)} due today
      </Link>
      ,{" "}
      <Link className={LINK} href="/orders?due=overdue">
        {wholeNumber(counts.overdue)} overdue
      </Link>
    </section>
  );
}
