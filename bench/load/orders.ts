// A shop of 5,000 open orders against a sandbox (its own process) that allows the app 10 requests a second. Measured:
// the first read of the orders (paced, in the background, the page showing what it has meanwhile) against what the
// limit alone needs; then the Orders page, the production queue of their 5,000 open items, once they are kept (p50
// under 300 ms, at most one marketplace request a view): its pages, a listing's items, a search, the items due this
// week and those in review.
// `npx tsx bench/load/orders.ts [--orders 5000] [--listings 20] [--views 40] [--json]` on a build (`npx next build`).
import { freePort, startDashboard } from "../../test/harness/dashboard-process";
import { signInOverHttp } from "../../test/harness/http-sign-in";
import { createSeller, sandboxControl } from "../../test/harness/sandbox";
import { sleep, untilMirrorFilled, withBenchSandbox } from "../processes";
import { mapLimit, percentile } from "../stats";
import { ORDERS_PER_PAGE } from "../../lib/orders/view";
import { runWithOptions } from "./bench-part";
import { LIMITED_SANDBOX, PER_SECOND, type PageFigures } from "./mirror";

export const ORDERS_FLOOR = { pageP50Ms: 300, requestsPerView: 1 };
const FILLING = "Reading your orders from the marketplace";

export type OrdersFigures = PageFigures & { orders: number; listings: number };

export const ordersMet = (f: OrdersFigures) =>
  f.pageP50Ms < ORDERS_FLOOR.pageP50Ms && f.maxRequestsPerView <= ORDERS_FLOOR.requestsPerView;

export const describeOrders = (f: OrdersFigures) => [
  `shop of ${f.orders.toLocaleString("en-US")} open orders of ${f.listings} listings, sandbox at ${f.perSecond} requests/s`,
  `first read: ${f.fillSeconds.toFixed(1)} s for ${f.fillRequests} requests (the limit alone: ${f.fillLimitSeconds.toFixed(1)} s)`,
  `Orders page (the queue of ${f.orders.toLocaleString("en-US")} open items), ${f.views} views once kept: p50 ${f.pageP50Ms.toFixed(0)} ms, p99 ${f.pageP99Ms.toFixed(0)} ms, at most ${f.maxRequestsPerView} marketplace request(s) a view`,
];

type Logged = { id: number; method: string; path: string; status: number };

const marketplaceCalls = (entries: Logged[]) => entries.filter((entry) => entry.path.startsWith("/v3/"));

async function requestsSince(sandboxUrl: string, since: number) {
  return ((await sandboxControl(sandboxUrl, `/requests?since=${since}`)).body as { requests: Logged[] }).requests;
}

async function lastId(sandboxUrl: string) {
  return (await requestsSince(sandboxUrl, 0)).at(-1)?.id ?? 0;
}

/** A seller whose listings each ask a name (required) and a font (a dropdown), and `orders` paid orders of them. */
async function shopWithOrders(sandboxUrl: string, orders: number, listings: number) {
  const seller = await createSeller(sandboxUrl, { listings });
  const questions = new Map<number, { name: number; font: number }>();
  for (const listingId of seller.listing_ids) {
    const edited = await sandboxControl(
      sandboxUrl,
      `/listings/${listingId}`,
      {
        personalization_questions: [
          { question_type: "text_input", question_text: "Name", required: true, max_allowed_characters: 20 },
          {
            question_type: "dropdown",
            question_text: "Font",
            required: true,
            options: [{ label: "Serif" }, { label: "Script" }],
          },
        ],
      },
      "PATCH",
    );
    const [name, font] = edited.body.personalization.personalization_questions as { question_id: number }[];
    questions.set(listingId, { name: name!.question_id, font: font!.question_id });
  }
  const now = Math.floor(Date.now() / 1000);
  await mapLimit(
    Array.from({ length: orders }, (_, index) => index),
    8,
    async (index) => {
      const listingId = seller.listing_ids[index % listings]!;
      const asked = questions.get(listingId)!;
      const placed = await sandboxControl(sandboxUrl, "/orders", {
        listing_id: listingId,
        buyer: { name: `Buyer ${index}` },
        answers: [
          { question_id: asked.name, value: `Name ${index}` },
          { question_id: asked.font, value: index % 3 === 0 ? "Script" : "Serif" },
        ],
        created_timestamp: now - (orders - index) * 60,
      });
      if (placed.status !== 201) throw new Error(`an order was refused: ${placed.text}`);
    },
  );
  return seller;
}

export async function measureOrders(options: {
  orders: number;
  listings: number;
  views: number;
  log?: (line: string) => void;
}): Promise<OrdersFigures> {
  const log = options.log ?? console.log;
  const port = await freePort();
  return withBenchSandbox("orders", LIMITED_SANDBOX, async ({ sandbox, dashboardDb, stopsFirst }) => {
    const sandboxUrl = sandbox.url;
    const seller = await shopWithOrders(sandboxUrl, options.orders, options.listings);
    log(`placed ${options.orders} orders`);
    stopsFirst(await startDashboard({ port, sandboxUrl, dashboardDb, stdio: "ignore" }));
    const dashboardUrl = `http://localhost:${port}`;
    const { cookie } = await signInOverHttp(dashboardUrl, seller, "/orders");
    const get = (path: string) => fetch(`${dashboardUrl}${path}`, { headers: { cookie } });

    const fillFrom = await lastId(sandboxUrl);
    const fillStarted = Date.now();
    for (const deadline = Date.now() + (options.orders / 100 / PER_SECOND) * 1000 + 120_000; ; await sleep(500)) {
      const page = await (await get("/orders")).text();
      if (!page.includes(FILLING) && page.includes("Production queue")) break;
      if (Date.now() > deadline) throw new Error("the orders were not read in time");
    }
    const fillSeconds = (Date.now() - fillStarted) / 1000;
    const receiptReads = marketplaceCalls(await requestsSince(sandboxUrl, fillFrom)).filter((entry) =>
      entry.path.includes("/receipts"),
    ).length;
    log(`orders read in ${fillSeconds.toFixed(1)} s with ${receiptReads} receipt requests`);
    await untilMirrorFilled(get, { timeoutMs: 60_000, everyMs: 250 });
    await sleep(1000);

    const views = [
      (view: number) => `/orders?page=${1 + ((view * 7) % Math.ceil(options.orders / ORDERS_PER_PAGE))}`,
      () => `/orders?listing=${seller.listing_ids[0]}`,
      (view: number) => `/orders?q=${encodeURIComponent(`Buyer ${view * 37}`)}`,
      () => "/orders",
      () => "/orders?due=week",
      () => "/orders?state=review",
    ];
    const times: number[] = [];
    let maxPerView = 0;
    for (let view = 0; view < options.views; view++) {
      const before = await lastId(sandboxUrl);
      const started = performance.now();
      const response = await get(views[view % views.length]!(view));
      const text = await response.text();
      times.push(performance.now() - started);
      if (!response.ok || !text.includes("Production queue"))
        throw new Error(`the Orders page answered ${response.status}`);
      // A few views a second: at the sandbox's 10 a second, back-to-back views would meet its limit, a 429 and its retry
      // counting as two requests of one view.
      await sleep(250);
      const asked = marketplaceCalls(await requestsSince(sandboxUrl, before));
      if (asked.length > 1) log(`view ${view + 1} asked ${asked.map((entry) => entry.path).join(", ")}`);
      maxPerView = Math.max(maxPerView, asked.length);
    }
    return {
      orders: options.orders,
      listings: options.listings,
      perSecond: PER_SECOND,
      fillSeconds,
      fillLimitSeconds: receiptReads / PER_SECOND,
      fillRequests: receiptReads,
      views: options.views,
      pageP50Ms: percentile(times, 50),
      pageP99Ms: percentile(times, 99),
      maxRequestsPerView: maxPerView,
    };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runWithOptions({
    defaults: { orders: 5000, listings: 20, views: 40 },
    measure: measureOrders,
    describe: describeOrders,
    met: ordersMet,
  });
}
