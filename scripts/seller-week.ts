// npm run seller-week -- [--sandbox http://localhost:4010] [--days 7] [--per-day 6] [--listing <id>]…: a seller's week of
// orders rehearsed on a running sandbox (or a space: its base URL), through its control API only. The sandbox clock moves
// through the week; orders arrive through each day, and each lives on as orders do (docs/sandbox.md "A seller's week"):
// most ship and are delivered, and of every ten one is cancelled, one refunded in part, one in full, and two held in
// payment review, one settling paid, the other cancelled.

const HOUR = 3600;
const DAY = 24 * HOUR;

export type Life =
  "delivered" | "canceled" | "partially refunded" | "fully refunded" | "review, then paid" | "review, then canceled";

/** The life of the week's order `index`: the same on every run. */
export const LIVES: readonly Life[] = [
  "delivered",
  "delivered",
  "delivered",
  "canceled",
  "delivered",
  "partially refunded",
  "review, then paid",
  "review, then canceled",
  "delivered",
  "fully refunded",
];

type Step = { due: number; receiptId: number; path: string; body: Record<string, unknown> };

/** The control calls that give an order placed at `at` its life, each due some days after. */
function stepsOf(life: Life, receiptId: number, at: number, total: number): Step[] {
  const step = (days: number, path: string, body: Record<string, unknown> = {}) => ({
    due: at + days * DAY,
    receiptId,
    path,
    body,
  });
  switch (life) {
    case "delivered":
      return [step(1, "shipment"), step(4, "deliver")];
    case "canceled":
      return [step(1, "cancel", { reason: "The buyer asked to cancel." })];
    case "partially refunded":
      return [
        step(1, "shipment"),
        step(2, "refund", { amount: Math.floor(total / 3), reason: "Arrived late." }),
        step(4, "deliver"),
      ];
    case "fully refunded":
      return [step(1, "refund", { reason: "Out of stock." })];
    case "review, then paid":
      return [step(1, "settle", { outcome: "paid" }), step(2, "shipment"), step(5, "deliver")];
    case "review, then canceled":
      return [step(1, "settle", { outcome: "canceled" })];
  }
}

type Question = {
  question_type: string;
  required: boolean;
  question_id: number;
  max_allowed_characters?: number | null;
  options?: { label: string }[] | null;
};

/** An answer to each required question, within its rules. */
function answersFor(questions: Question[], index: number) {
  return questions
    .filter((question) => question.required)
    .map((question) => {
      if (question.question_type.endsWith("_upload"))
        return { question_id: question.question_id, files: [`photo-${index}.jpg`] };
      if (question.question_type === "dropdown")
        return { question_id: question.question_id, value: question.options?.[0]?.label ?? "" };
      const name = ["Ada", "Rae", "Noor", "Kit", "Sol"][index % 5]!;
      return { question_id: question.question_id, value: name.slice(0, question.max_allowed_characters ?? 20) };
    });
}

export type WeekOptions = { base: string; days: number; perDay: number; listingIds: number[] };

export async function rehearseWeek(options: WeekOptions) {
  const control = async (path: string, body?: unknown) => {
    const response = await fetch(`${options.base}/__sandbox${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await response.json()) as Record<string, unknown>;
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${String(answer.error)}`);
    return answer;
  };
  const questions = new Map<number, Question[]>();
  for (const listingId of options.listingIds) {
    const listing = (await control(`/listings/${listingId}`)) as {
      personalization?: { personalization_questions?: Question[] };
    };
    questions.set(listingId, listing.personalization?.personalization_questions ?? []);
  }
  let now = (await control("/clock")).now as number;
  const moveTo = async (at: number) => {
    if (at > now) now = (await control("/clock", { at })).now as number;
  };
  const pending: Step[] = [];
  const runDue = async (until: number) => {
    pending.sort((a, b) => a.due - b.due);
    while (pending.length > 0 && pending[0]!.due <= until) {
      const step = pending.shift()!;
      await moveTo(step.due);
      await control(`/receipts/${step.receiptId}/${step.path}`, step.body);
    }
  };
  const orders: { receipt_id: number; life: Life }[] = [];
  // Planned from the start, not from the clock, which runs on between calls: the same run gives the same lives.
  const start = now;
  const end = start + options.days * DAY;
  for (let index = 0; index < options.days * options.perDay; index += 1) {
    const at = start + (index + 1) * Math.floor(DAY / options.perDay);
    await runDue(at);
    await moveTo(at);
    const listingId = options.listingIds[index % options.listingIds.length]!;
    const life = LIVES[index % LIVES.length]!;
    const receipt = await control("/orders", {
      listing_id: listingId,
      buyer: { name: `Week buyer ${index + 1}` },
      answers: answersFor(questions.get(listingId) ?? [], index),
      payment_review: life.startsWith("review"),
    });
    const receiptId = receipt.receipt_id as number;
    const total = (receipt.grandtotal as { amount: number }).amount;
    pending.push(...stepsOf(life, receiptId, at, total));
    orders.push({ receipt_id: receiptId, life });
  }
  await runDue(end);
  await moveTo(end);
  return { from: start, to: end, orders, unfinished: pending.length };
}

function flag(name: string) {
  const values: string[] = [];
  for (const [index, arg] of process.argv.entries())
    if (arg === `--${name}`) values.push(process.argv[index + 1] ?? "");
  return values;
}

if (process.argv[1]?.endsWith("seller-week.ts")) {
  const whole = (name: string, fallback: number) => {
    const value = Number(flag(name)[0] ?? fallback);
    if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a whole number from 1.`);
    return value;
  };
  const week = await rehearseWeek({
    base: (flag("sandbox")[0] ?? "http://localhost:4010").replace(/\/$/, ""),
    days: whole("days", 7),
    perDay: whole("per-day", 6),
    listingIds: flag("listing").length > 0 ? flag("listing").map(Number) : [1_000_000_001, 1_000_000_002],
  });
  const counts = new Map<Life, number>();
  for (const order of week.orders) counts.set(order.life, (counts.get(order.life) ?? 0) + 1);
  console.log(
    `${week.orders.length} orders from ${new Date(week.from * 1000).toISOString()} to ${new Date(week.to * 1000).toISOString()}; ${week.unfinished} steps were still due at its end (left undone).`,
  );
  for (const [life, count] of counts) console.log(`  ${life}: ${count}`);
}
