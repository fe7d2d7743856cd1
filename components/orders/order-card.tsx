import { LocalTime } from "@/components/local-time";
import { formatMoney } from "@/lib/marketplace/money";
import type { AnsweredOrder, AnsweredQuestion } from "@/lib/orders/asked-questions";

function orderState(order: AnsweredOrder) {
  if (!order.paid) return { label: "Payment processing", tone: "bg-stone-100 text-stone-800" };
  if (order.shipped) return { label: "Shipped", tone: "bg-stone-100 text-stone-800" };
  return { label: "Open", tone: "bg-green-50 text-green-900 ring-1 ring-green-200" };
}

function Answer({ question }: { question: AnsweredQuestion }) {
  const value = question.answer?.value;
  return (
    <div className="border-t border-stone-100 py-2 first:border-t-0">
      <dt className="text-sm font-medium text-stone-800">
        {question.title}
        {question.titleToday && (
          <span className="ml-2 font-normal text-stone-600">(now asked as “{question.titleToday}”)</span>
        )}
        {question.titleToday === null && <span className="ml-2 font-normal text-stone-600">(no longer asked)</span>}
      </dt>
      {question.instructions && <dd className="text-xs text-stone-600">{question.instructions}</dd>}
      <dd className="mt-1 whitespace-pre-wrap break-words text-base text-stone-900" data-answer>
        {value ? value : <span className="italic text-stone-600">No answer</span>}
        {question.addOnPaid && (
          <span className="ml-2 text-sm text-stone-700">(add-on {formatMoney(question.addOnPaid)})</span>
        )}
      </dd>
      {question.flags.map((flag) => (
        <dd
          key={flag.kind}
          className="mt-1 rounded bg-amber-50 px-2 py-1 text-sm text-amber-950 ring-1 ring-amber-200"
          data-flag={flag.kind}
        >
          <strong>Check:</strong> {flag.message}
        </dd>
      ))}
    </div>
  );
}

export function OrderCard({ order }: { order: AnsweredOrder }) {
  const state = orderState(order);
  const headingId = `order-${order.receiptId}`;
  return (
    <article aria-labelledby={headingId} className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-stone-200">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          Order {order.receiptId} · {order.buyerName}
        </h2>
        <p className="flex items-center gap-2 text-sm text-stone-700">
          <LocalTime at={order.createdAt * 1000} />
          <span className={`rounded px-2 py-0.5 text-xs font-medium ${state.tone}`}>{state.label}</span>
          {order.flagged > 0 && (
            <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-950">
              {order.flagged} to check
            </span>
          )}
        </p>
      </div>
      {order.messageFromBuyer && (
        <p className="mt-1 text-sm text-stone-700">Note from the buyer: {order.messageFromBuyer}</p>
      )}
      {order.items.map((item) => (
        <section key={item.transactionId} className="mt-3" aria-label={`${item.title}, quantity ${item.quantity}`}>
          <h3 className="text-sm font-semibold text-stone-900">
            {item.title} × {item.quantity}
            <span className="ml-2 font-normal text-stone-700">{formatMoney(item.price)} each</span>
          </h3>
          {item.questions.length === 0 ? (
            <p className="text-sm text-stone-600">No personalization.</p>
          ) : (
            <dl className="mt-1">
              {item.questions.map((question, index) => (
                <Answer key={`${question.questionId ?? "q"}-${index}`} question={question} />
              ))}
            </dl>
          )}
        </section>
      ))}
    </article>
  );
}
