// 100 orders shipped from a pasted list through the built dashboard's server action over HTTP, as the queue's "Ship
// from a list" calls it: "Order Number,Carrier,Tracking Number" as a label tool exports it, in parts of the most
// orders one call takes. Every order here is a US order over $10, which the marketplace ships only with its tracking
// code and carrier. The sandbox allows the app 10 requests a second and fails about 12% of its API requests (a 503
// before the write, a 504 after it, a 429, an answer later than the dashboard's time-out). A shipment the marketplace
// did not answer waits and is sent by the dashboard's background; the seller pastes again, as the refusal's sentence
// says, only the lines of orders the queue shows neither shipped nor waiting. Counted from the sandbox's request log
// and store: every order must hold exactly one shipment, with its own tracking code.
// `npx tsx bench/load/mark-shipped.ts [--orders 100] [--per-second 10] [--json]` on a build (`npx next build`).
import { freePort, startDashboard } from "../../test/harness/dashboard-process";
import { signInOverHttp } from "../../test/harness/http-sign-in";
import { callServerAction } from "../../test/harness/server-action";
import { callApi, createSeller, issueTokensFor, sandboxControl, type JsonBody } from "../../test/harness/sandbox";
import { sleep, untilMirrorFilled, withBenchSandbox } from "../processes";
import { mapLimit } from "../stats";
import { runWithOptions } from "./bench-part";

const FAULT_SHARE = 0.03;
/** The dashboard gives up on an answer after this long; the late answers come a second after it, the write landed. */
const TIMEOUT_MS = 2000;
const LATE_MS = 3000;
const MAX_ROUNDS = 6;
const CALLS_AT_ONCE = 2;
/** The most orders one call ships (SHIP_RECEIPTS_MAX of lib/orders/ship-receipts.ts, a server-only module). */
const SHIP_RECEIPTS_MAX = 50;
/** The background tries the waiting shipments every 10 s (lib/orders/background.ts): a round waits for it. */
const BACKGROUND_MS = 11_000;
const FILLING = "Reading your orders from the marketplace";

export type MarkShippedFigures = {
  orders: number;
  perSecond: number;
  rounds: number;
  seconds: number;
  sendingSeconds: number;
  requests: number;
  faulted: number;
  achievedPerSecond: number;
  shippedOnce: number;
  lost: number;
  twice: number;
  wrongCode: number;
  queueShipped: number;
};

export const markShippedMet = (f: MarkShippedFigures) =>
  f.lost === 0 && f.twice === 0 && f.wrongCode === 0 && f.shippedOnce === f.orders;

export const describeMarkShipped = (f: MarkShippedFigures) => [
  `${f.orders} orders shipped from a pasted list (parts of ${SHIP_RECEIPTS_MAX} lines), each with its tracking code, sandbox at ${f.perSecond} requests/s, about ${Math.round(FAULT_SHARE * 4 * 100)}% of requests faulted`,
  `  time            ${f.seconds.toFixed(1)} s in ${f.rounds} round(s) (sending ${f.sendingSeconds.toFixed(1)} s); ${f.requests} requests, ${f.faulted} answered 503, 504 or 429 (late answers not counted)`,
  `  rate            ${f.achievedPerSecond.toFixed(2)} requests/s while sending, ${((f.achievedPerSecond / f.perSecond) * 100).toFixed(0)}% of the limit`,
  `  shipments       ${f.shippedOnce} orders shipped once, ${f.queueShipped} items shown shipped in the queue`,
  `  lost ${f.lost}, twice ${f.twice}, wrong code ${f.wrongCode}: ${markShippedMet(f) ? "within target (all 0)" : "OUTSIDE target"}`,
];

type Logged = { id: number; path: string; status: number };

async function requestsSince(sandboxUrl: string, since: number) {
  return ((await sandboxControl(sandboxUrl, `/requests?since=${since}`)).body as { requests: Logged[] }).requests;
}

/** Each item of the queue's first page with its state, as the page shows it; `waiting` when its shipment waits. */
function queueStates(html: string) {
  const states = new Map<string, string>();
  for (const row of html.split('data-item="').slice(1)) {
    const itemId = row.slice(0, row.indexOf('"'));
    const state = /data-state="([a-z-]+)"/.exec(row)?.[1];
    if (state) states.set(itemId, state !== "shipped" && row.includes("data-shipment-waiting") ? "waiting" : state);
  }
  return states;
}

const listOf = (lines: { receiptId: number; code: string }[]) =>
  `Order Number,Carrier,Tracking Number\n${lines.map(({ receiptId, code }) => `${receiptId},USPS,${code}`).join("\n")}\n`;

function parts<T>(all: T[], size: number) {
  return Array.from({ length: Math.ceil(all.length / size) }, (_, index) =>
    all.slice(index * size, (index + 1) * size),
  );
}

export async function measureMarkShipped(options: {
  orders: number;
  "per-second": number;
  log?: (line: string) => void;
}): Promise<MarkShippedFigures> {
  const log = options.log ?? console.log;
  const perSecond = options["per-second"];
  return withBenchSandbox("mark-shipped", { perSecond }, async ({ sandbox, dashboardDb, stopsFirst }) => {
    const sandboxUrl = sandbox.url;
    const seller = await createSeller(sandboxUrl, { listings: 1 });
    const listingId = seller.listing_ids[0]!;
    const placed = await mapLimit(
      Array.from({ length: options.orders }, (_, index) => index),
      8,
      async (index) => {
        // The listing costs over $10: every order ships only with its tracking code.
        const order = await sandboxControl(sandboxUrl, "/orders", {
          listing_id: listingId,
          buyer: { name: `Buyer ${index}` },
          answers: [],
        });
        if (order.status !== 201) throw new Error(`an order was refused: ${order.text}`);
        const receiptId = order.body.receipt_id as number;
        return { receiptId, itemId: String(order.body.transactions[0].transaction_id), code: `9400${receiptId}` };
      },
    );
    const dashboard = stopsFirst(
      await startDashboard({ port: await freePort(), sandboxUrl, dashboardDb, timeoutMs: TIMEOUT_MS, stdio: "ignore" }),
    );
    const dashboardUrl = dashboard.url;
    const { cookie } = await signInOverHttp(dashboardUrl, seller, "/orders");
    const get = (path: string) => fetch(`${dashboardUrl}${path}`, { headers: { cookie } });
    // The listings' mirror says which listings are the seller's; the Orders page keeps the orders.
    await (await get("/listings")).text();
    await untilMirrorFilled(get, { timeoutMs: 60_000, everyMs: 250 });
    for (const deadline = Date.now() + 120_000; ; await sleep(500)) {
      const page = await (await get("/orders")).text();
      if (!page.includes(FILLING) && queueStates(page).size === options.orders) break;
      if (Date.now() > deadline) throw new Error("the dashboard did not keep the orders in time");
    }
    log(`placed and kept ${options.orders} orders`);

    const from = (await requestsSince(sandboxUrl, 0)).at(-1)?.id ?? 0;
    const everywhere = { path: "/v3/application/*", times: 10_000_000, share: FAULT_SHARE };
    await sandboxControl(sandboxUrl, "/faults", { ...everywhere, status: 503 });
    await sandboxControl(sandboxUrl, "/faults", { ...everywhere, method: "POST", status: 504, after_write: true });
    await sandboxControl(sandboxUrl, "/faults", { ...everywhere, status: 429, retry_after: 1 });
    await sandboxControl(sandboxUrl, "/faults", { ...everywhere, delay_ms: LATE_MS });

    const started = Date.now();
    let sendingMs = 0;
    let rounds = 0;
    let left = placed;
    let shownShipped = new Map<string, string>();
    while (left.length > 0 && rounds < MAX_ROUNDS) {
      rounds += 1;
      const roundStarted = Date.now();
      const refusals = new Map<string, number>();
      const pasted = left.filter(({ itemId }) => shownShipped.get(itemId) !== "waiting");
      await mapLimit(parts(pasted, SHIP_RECEIPTS_MAX), CALLS_AT_ONCE, async (part) => {
        const answer = await callServerAction(
          `${dashboardUrl}/orders`,
          "shipListAction",
          [{ list: listOf(part) }],
          cookie,
        );
        const result = answer.result as
          { ok: true; data: { refused: { reason: string }[] } } | { ok: false; formError?: string } | undefined;
        const reasons = !result
          ? [`answered ${answer.status}`]
          : result.ok
            ? result.data.refused.map((one) => one.reason)
            : (result.formError ?? "refused").split("\n");
        for (const reason of reasons) {
          const sentence = reason.replace(/\d{4,}/g, "N");
          refusals.set(sentence, (refusals.get(sentence) ?? 0) + 1);
        }
      });
      sendingMs += Date.now() - roundStarted;
      for (const [reason, count] of refusals) log(`round ${rounds}: ${count} refused: ${reason.slice(0, 160)}`);
      // As the refusal says: wait for a late answer to land, open Orders (each view reads one page of changed
      // receipts), and ship again only what it does not show shipped.
      await sleep(Math.max(LATE_MS + 1000, BACKGROUND_MS));
      for (let view = 0; view < 3; view++) {
        const page = await get("/orders?open=0");
        if (page.ok) shownShipped = queueStates(await page.text());
      }
      left = placed.filter(({ itemId }) => shownShipped.get(itemId) !== "shipped");
      const waiting = left.filter(({ itemId }) => shownShipped.get(itemId) === "waiting").length;
      log(`round ${rounds}: ${placed.length - left.length} of ${placed.length} shown shipped, ${waiting} waiting`);
    }
    const seconds = (Date.now() - started) / 1000;
    await sandboxControl(sandboxUrl, "/faults", undefined, "DELETE");

    const seen = (await requestsSince(sandboxUrl, from)).filter((entry) => entry.path.startsWith("/v3/application/"));
    const token = (await issueTokensFor(sandboxUrl, { user_id: seller.user_id, scopes: ["transactions_r"] }))
      .access_token;
    const receipts = new Map<number, JsonBody>();
    for (let offset = 0; offset < options.orders; offset += 100) {
      const page = await callApi(sandboxUrl, `shops/${seller.shop_id}/receipts?limit=100&offset=${offset}`, { token });
      for (const receipt of page.body.results) receipts.set(receipt.receipt_id, receipt);
    }
    const shipmentsOf = (receiptId: number) =>
      (receipts.get(receiptId)?.shipments ?? []) as { tracking_code: string; carrier_name: string }[];
    return {
      orders: options.orders,
      perSecond,
      rounds,
      seconds,
      sendingSeconds: sendingMs / 1000,
      requests: seen.length,
      faulted: seen.filter((entry) => [503, 504, 429].includes(entry.status)).length,
      achievedPerSecond: seen.length / (sendingMs / 1000),
      shippedOnce: placed.filter(({ receiptId }) => shipmentsOf(receiptId).length === 1).length,
      lost: placed.filter(
        ({ receiptId }) => !receipts.get(receiptId)?.is_shipped || shipmentsOf(receiptId).length === 0,
      ).length,
      twice: placed.filter(({ receiptId }) => shipmentsOf(receiptId).length > 1).length,
      wrongCode: placed.filter(({ receiptId, code }) =>
        shipmentsOf(receiptId).some((shipment) => shipment.tracking_code !== code),
      ).length,
      queueShipped: placed.filter(({ itemId }) => shownShipped.get(itemId) === "shipped").length,
    };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runWithOptions({
    defaults: { orders: 100, "per-second": 10 },
    measure: measureMarkShipped,
    describe: describeMarkShipped,
    met: markShippedMet,
  });
}
