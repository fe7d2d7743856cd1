// Signed-in sellers on one instance of the built dashboard (`next start`), each loading the listings page or saving a
// listing through the save server action. Realistic: 500 sellers, each acting every 10 s from a random start. Stress:
// 50 sellers that never pause. `npm run loadtest -- [--sellers 500] [--seconds 120] [--every-s 10] [--stress] [--json file]`.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { signInOverHttp } from "../../test/harness/http-sign-in.js";
import { createSeller } from "../../test/harness/sandbox.js";
import { callSaveAction, saveActionId } from "../dashboard/save-action.js";
import { sleep, snapshotBuild, startBenchDashboard, startBenchSandbox, stopAll, usageMeter } from "../processes.js";
import { mapLimit, ms, percentile } from "../stats.js";

/** The floor of the realistic load: no error, and these limits on the save and page p99 and the dashboard's RSS. */
export const LOAD_FLOOR = { sellers: 500, everyS: 10, saveP99Ms: 250, pageP99Ms: 500, dashboardRssMb: 600 };

export type Latency = { count: number; p50: number; p99: number; max: number };

export type LoadFigures = {
  sellers: number;
  listings: number;
  /** Each seller's period between the starts of two actions; 0: no pause. */
  everyS: number;
  seconds: number;
  signInSeconds: number;
  perSecond: number;
  page: Latency;
  save: Latency;
  errors: number;
  /** Error message → how many times it was seen. */
  errorSamples: Record<string, number>;
  dashboard: { peakRssMb: number; cpuSeconds: number };
  sandbox: { peakRssMb: number; cpuSeconds: number };
};

export const loadMet = (figures: LoadFigures) =>
  figures.errors === 0 &&
  figures.save.p99 < LOAD_FLOOR.saveP99Ms &&
  figures.page.p99 < LOAD_FLOOR.pageP99Ms &&
  figures.dashboard.peakRssMb < LOAD_FLOOR.dashboardRssMb;

// Every page carries an empty alert region for toasts (components/feedback); only one with something in it is an error.
const withoutEmptyAlerts = (html: string) => html.replace(/<(\w+)[^>]*role="alert"[^>]*><\/\1>/g, "");
// Every seller made by the control API has listings titled "Test listing <n>".
const FIRST_TITLE = "Test listing 1";
const REQUEST_TIMEOUT_MS = 30_000;

type Seller = { cookie: string; listingIds: number[]; turn: number };

const latency = (values: number[]): Latency => ({
  count: values.length,
  p50: percentile(values, 50),
  p99: percentile(values, 99),
  max: values.length ? Math.max(...values) : Number.NaN,
});

export async function runLoad(options: {
  distDir: string;
  sellers: number;
  seconds: number;
  everyS: number;
  listings?: number;
  log: (line: string) => void;
}): Promise<LoadFigures> {
  const { log } = options;
  const listings = options.listings ?? 10;
  const folder = mkdtempSync(join(tmpdir(), "bench-load-"));
  const sandbox = await startBenchSandbox();
  const dashboard = await startBenchDashboard({
    sandboxUrl: sandbox.url,
    distDir: options.distDir,
    dashboardDb: join(folder, "dashboard.db"),
  });
  try {
    const actionId = saveActionId(options.distDir);
    const signInStarted = performance.now();
    const created = await mapLimit(Array.from({ length: options.sellers }), 10, () =>
      createSeller(sandbox.url, { listings }),
    );
    let signedIn = 0;
    const sellers: Seller[] = await mapLimit(created, 8, async (seller) => {
      const { cookie } = await signInOverHttp(dashboard.url, seller);
      if (++signedIn % 100 === 0) log(`${signedIn} of ${options.sellers} sellers signed in`);
      return { cookie, listingIds: seller.listing_ids, turn: 0 };
    });
    const signInSeconds = (performance.now() - signInStarted) / 1000;
    log(
      `${sellers.length} sellers signed in over HTTP in ${signInSeconds.toFixed(0)} s, each with a session of their own`,
    );

    const times = { page: [] as number[], save: [] as number[] };
    const errorSamples: Record<string, number> = {};
    let measuring = false;
    const fail = (kind: "page" | "save", message: string) => {
      if (!measuring) return;
      const key = `${kind}: ${message.slice(0, 160)}`;
      errorSamples[key] = (errorSamples[key] ?? 0) + 1;
    };

    async function openPage(seller: Seller) {
      const started = performance.now();
      try {
        const response = await fetch(`${dashboard.url}/listings?state=active&page=1`, {
          headers: { cookie: seller.cookie },
          redirect: "manual",
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        const html = await response.text();
        if (measuring) times.page.push(performance.now() - started);
        const alert = /role="alert"[^>]*>([^<]*)/.exec(withoutEmptyAlerts(html));
        if (response.status !== 200)
          fail("page", `status ${response.status} ${response.headers.get("location") ?? ""}`);
        else if (alert) fail("page", `the page shows an error: ${alert[1]}`);
        else if (!html.includes(FIRST_TITLE)) fail("page", "the page does not list the seller's listings");
      } catch (error) {
        fail("page", (error as Error).message);
      }
    }

    let counter = 0;
    async function save(seller: Seller) {
      const listingId = seller.listingIds[seller.turn++ % seller.listingIds.length] as number;
      const n = ++counter;
      const question = {
        instructions: `Load test save ${n} on listing ${listingId}`,
        maxAllowedCharacters: (n % 1024) + 1,
        required: n % 2 === 0,
      };
      const started = performance.now();
      try {
        const result = await callSaveAction(dashboard.url, actionId, seller.cookie, listingId, question);
        if (measuring) times.save.push(performance.now() - started);
        const echoed = result.ok ? result.data[0] : undefined;
        if (!result.ok) fail("save", result.formError);
        else if (echoed?.instructions !== question.instructions) fail("save", "the answer holds other values");
      } catch (error) {
        fail("save", (error as Error).message);
      }
    }

    log("warm-up: a page and a save for up to 20 sellers (not measured)");
    await Promise.all(sellers.slice(0, 20).map(async (seller) => (await openPage(seller), await save(seller))));

    const meter = usageMeter([dashboard.pid, sandbox.pid]);
    measuring = true;
    const t0 = performance.now();
    const until = t0 + options.seconds * 1000;
    const everyMs = options.everyS * 1000;
    const progress = setInterval(
      () =>
        log(
          `${((performance.now() - t0) / 1000).toFixed(0)} s: ${times.page.length} pages, ${times.save.length} saves, ${Object.values(errorSamples).reduce((a, b) => a + b, 0)} errors; RSS dashboard / sandbox ${meter.now()}`,
        ),
      10_000,
    );
    await Promise.all(
      sellers.map(async (seller, index) => {
        // Half the sellers start with a save, so both kinds run from the first second.
        let action = index % 2;
        const start = t0 + (everyMs > 0 ? Math.random() * everyMs : 0);
        await sleep(start - performance.now());
        for (let step = 1; performance.now() < until; step++) {
          await (action++ % 2 === 0 ? openPage(seller) : save(seller));
          if (everyMs === 0) continue;
          const next = start + step * everyMs;
          if (next >= until) break;
          await sleep(next - performance.now());
        }
      }),
    );
    const elapsed = (performance.now() - t0) / 1000;
    measuring = false;
    clearInterval(progress);
    const [dashboardUsage, sandboxUsage] = meter.stop();
    const errors = Object.values(errorSamples).reduce((a, b) => a + b, 0);
    return {
      sellers: options.sellers,
      listings,
      everyS: options.everyS,
      seconds: elapsed,
      signInSeconds,
      perSecond: (times.page.length + times.save.length) / elapsed,
      page: latency(times.page),
      save: latency(times.save),
      errors,
      errorSamples,
      dashboard: dashboardUsage ?? { peakRssMb: 0, cpuSeconds: 0 },
      sandbox: sandboxUsage ?? { peakRssMb: 0, cpuSeconds: 0 },
    };
  } finally {
    await dashboard.stop();
    await sandbox.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}

export function describeLoad(figures: LoadFigures): string[] {
  const line = (name: string, value: Latency) =>
    `${name} ${value.count} requests, p50 ${ms(value.p50)} ms, p99 ${ms(value.p99)} ms, max ${ms(value.max)} ms`;
  return [
    `${figures.sellers} sellers × ${figures.listings} listings, ${figures.everyS ? `one action every ${figures.everyS} s each` : "no pause"}, ${figures.seconds.toFixed(1)} s: ${figures.perSecond.toFixed(1)} req/s, ${figures.errors} errors`,
    line("page", figures.page),
    line("save", figures.save),
    `peak RSS dashboard ${figures.dashboard.peakRssMb.toFixed(0)} MB (CPU ${(figures.dashboard.cpuSeconds / figures.seconds).toFixed(2)} cores), sandbox ${figures.sandbox.peakRssMb.toFixed(0)} MB (CPU ${(figures.sandbox.cpuSeconds / figures.seconds).toFixed(2)} cores)`,
    ...Object.entries(figures.errorSamples).map(([message, count]) => `error ×${count}: ${message}`),
  ];
}

if (process.argv[1]?.endsWith("bench/load/loadtest.ts")) {
  const { parseArgs } = await import("node:util");
  const { values } = parseArgs({
    options: {
      sellers: { type: "string" },
      seconds: { type: "string" },
      "every-s": { type: "string" },
      stress: { type: "boolean", default: false },
      json: { type: "string" },
    },
    strict: true,
  });
  const number = (name: string, value: string | undefined, fallback: number) => {
    const parsed = Number(value ?? fallback);
    if (!Number.isFinite(parsed) || parsed < 0) {
      console.error(`--${name} must be a number of 0 or more, got "${value}".`);
      process.exit(2);
    }
    return parsed;
  };
  const log = (line: string) => console.log(`[loadtest] ${line}`);
  process.once("SIGINT", () => void stopAll().then(() => process.exit(130)));
  const build = await snapshotBuild(log);
  let met = false;
  try {
    const figures = await runLoad({
      distDir: build.distDir,
      sellers: number("sellers", values.sellers, values.stress ? 50 : LOAD_FLOOR.sellers),
      seconds: number("seconds", values.seconds, values.stress ? 60 : 120),
      everyS: number("every-s", values["every-s"], values.stress ? 0 : LOAD_FLOOR.everyS),
      log,
    });
    describeLoad(figures).forEach(log);
    if (values.json) writeFileSync(values.json, JSON.stringify(figures, null, 2));
    met = loadMet(figures);
    if (!values.stress)
      log(
        `floor (0 errors, save p99 < ${LOAD_FLOOR.saveP99Ms} ms, page p99 < ${LOAD_FLOOR.pageP99Ms} ms, dashboard RSS < ${LOAD_FLOOR.dashboardRssMb} MB): ${met ? "met" : "MISSED"}`,
      );
  } finally {
    await stopAll();
    build.remove();
  }
  process.exit(met || values.stress ? 0 : 1);
}
