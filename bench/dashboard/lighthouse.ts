// Lighthouse (mobile profile, its default) on the signed-in listings page and editor: the median of each score and
// metric over a few runs per page, and each page's first-load JavaScript from the build's manifests.
// `npx tsx bench/dashboard/lighthouse.ts [--runs 3]` runs this part alone.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runInNewContext } from "node:vm";
import { gzipSync } from "node:zlib";
import lighthouse from "lighthouse";
import { DEMO_SELLERS } from "../../sandbox/store/seed.js";
import { freePort } from "../../test/harness/dashboard-process.js";
import { signInOverHttp } from "../../test/harness/http-sign-in.js";
import { wholeNumberOptions } from "../options.js";
import { runAlone, spawnGroup, waitForOk } from "../processes.js";
import { median } from "../stats.js";

/** The floor, in Lighthouse's scores out of 100: performance is relative to the reference page's median in the same
 * run, because a shared machine moves every page's score by more than the gap between pages. */
export const LIGHTHOUSE_FLOOR = { pointsBelowReference: 5, accessibility: 100, bestPractices: 100, cls: 0 };

/** `reference`: the app's lightest page (the root layout and one form, signed out), audited for what the framework
 * alone costs on the machine of the run; the other pages' performance floor. */
export const PAGES = [
  { route: "/listings", path: "/listings" },
  { route: "/listings/[id]", path: "/listings/1000000001" },
  { route: "/sign-in", path: "/sign-in", reference: true },
];

export type LighthouseRun = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's own measure of the machine's speed (a desktop of its day scores about 1,000 to 2,000): the runs
   * of a slower machine block longer, so a score is read beside it. */
  benchmarkIndex: number;
};

export type PageFigures = {
  route: string;
  runs: LighthouseRun[];
  median: LighthouseRun;
  firstLoadJsKb: number;
  reference?: boolean;
};

/** CLS counts in every run, not the median: the first run is a seller's first visit, while the shop is copied. */
export const worstCls = (page: PageFigures) => Math.max(...page.runs.map((run) => run.cls));

export const lighthouseMet = (page: PageFigures, reference: PageFigures) =>
  page.median.performance >= reference.median.performance - LIGHTHOUSE_FLOOR.pointsBelowReference &&
  worstCls(page) <= LIGHTHOUSE_FLOOR.cls &&
  page.median.accessibility >= LIGHTHOUSE_FLOOR.accessibility &&
  page.median.bestPractices >= LIGHTHOUSE_FLOOR.bestPractices;

export const referencePage = (pages: PageFigures[]) => {
  const reference = pages.find((page) => page.reference);
  if (!reference) throw new Error("the run audited no reference page");
  return reference;
};

const CHROMIUM = process.env.CHROME_PATH || "/usr/bin/chromium";

/** Chromium in a process group of the bench's own (chrome-launcher would detach it from the bench's clean-up). */
export async function startChromium() {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), "bench-chromium-"));
  const group = spawnGroup("chromium", CHROMIUM, [
    "--headless=new",
    "--no-sandbox",
    `--remote-debugging-port=${port}`,
    `--user-data-dir=${profile}`,
    "--no-first-run",
    "--no-default-browser-check",
    "about:blank",
  ]);
  await waitForOk(`http://localhost:${port}/json/version`, 30_000);
  return {
    port,
    stop: async () => {
      await group.stop();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** First-load JS in kB (1000 bytes) gzip: the build manifest's root files plus the route's and its layouts' entry files. */
export function firstLoadJsKb(distDir: string, route: string) {
  const file = `${distDir}/server/app${route}/page_client-reference-manifest.js`;
  const context: { globalThis?: unknown; __RSC_MANIFEST?: Record<string, { entryJSFiles: Record<string, string[]> }> } =
    {};
  context.globalThis = context;
  runInNewContext(readFileSync(file, "utf8"), context);
  const manifest = context.__RSC_MANIFEST?.[`${route}/page`];
  if (!manifest) throw new Error(`no client-reference manifest for ${route} in ${file}`);
  const { rootMainFiles } = JSON.parse(readFileSync(`${distDir}/build-manifest.json`, "utf8")) as {
    rootMainFiles: string[];
  };
  const segments = route.split("/").filter(Boolean);
  const owners = [
    "[project]/app/layout",
    ...segments.map((_, index) => `[project]/app/${segments.slice(0, index + 1).join("/")}/layout`),
    `[project]/app${route}/page`,
  ];
  const files = new Set(rootMainFiles);
  for (const owner of owners) for (const entry of manifest.entryJSFiles[owner] ?? []) files.add(entry);
  const bytes = [...files].reduce(
    (sum, entry) => sum + gzipSync(readFileSync(`${distDir}/${entry}`), { level: 9 }).length,
    0,
  );
  return bytes / 1000;
}

/** `cookie`: the seller's session, or none for a signed-out page. */
export async function audit(url: string, port: number, cookie?: string): Promise<LighthouseRun> {
  const result = await lighthouse(url, {
    port,
    logLevel: "error",
    onlyCategories: ["performance", "accessibility", "best-practices"],
    // The session cookie on every request of the page, as --extra-headers does: the storage reset between runs
    // would clear a cookie set in the browser.
    ...(cookie && { extraHeaders: { Cookie: cookie } }),
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned no result for ${url}`);
  if (lhr.runtimeError) throw new Error(`Lighthouse could not audit ${url}: ${lhr.runtimeError.message}`);
  if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname)
    throw new Error(`${url} ended on ${lhr.finalDisplayedUrl}: the session cookie was not accepted`);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    lcpMs: value("largest-contentful-paint"),
    tbtMs: value("total-blocking-time"),
    cls: value("cumulative-layout-shift"),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/** Each score and metric's median over the runs. */
export function medianRun(runs: LighthouseRun[]): LighthouseRun {
  const middle = (key: keyof LighthouseRun) => median(runs.map((entry) => entry[key]));
  return {
    performance: middle("performance"),
    accessibility: middle("accessibility"),
    bestPractices: middle("bestPractices"),
    lcpMs: middle("lcpMs"),
    tbtMs: middle("tbtMs"),
    cls: middle("cls"),
    benchmarkIndex: middle("benchmarkIndex"),
  };
}

export async function measureLighthouse(options: {
  dashboardUrl: string;
  distDir: string;
  runs: number;
  log: (line: string) => void;
}): Promise<PageFigures[]> {
  const { cookie } = await signInOverHttp(options.dashboardUrl, DEMO_SELLERS.ada);
  const chromium = await startChromium();
  try {
    const pages: PageFigures[] = [];
    for (const { route, path, reference } of PAGES) {
      const runs: LighthouseRun[] = [];
      for (let run = 1; run <= options.runs; run++) {
        runs.push(await audit(`${options.dashboardUrl}${path}`, chromium.port, reference ? undefined : cookie));
        const last = runs.at(-1) as LighthouseRun;
        options.log(
          `${route} run ${run}: performance ${last.performance}, accessibility ${last.accessibility}, best practices ${last.bestPractices}; LCP ${last.lcpMs.toFixed(0)} ms, TBT ${last.tbtMs.toFixed(0)} ms, CLS ${last.cls.toFixed(3)}; machine index ${last.benchmarkIndex.toFixed(0)}`,
        );
      }
      pages.push({
        route,
        runs,
        median: medianRun(runs),
        firstLoadJsKb: firstLoadJsKb(options.distDir, route),
        ...(reference && { reference }),
      });
    }
    return pages;
  } finally {
    await chromium.stop();
  }
}

if (process.argv[1]?.endsWith("bench/dashboard/lighthouse.ts")) {
  const { options } = wholeNumberOptions({ runs: 3 });
  const log = (line: string) => console.log(`[lighthouse] ${line}`);
  await runAlone("lighthouse", log, async ({ dashboard, distDir }) => {
    const pages = await measureLighthouse({ dashboardUrl: dashboard.url, distDir, runs: options.runs, log });
    const reference = referencePage(pages);
    for (const page of pages)
      log(
        `${page.route}: median performance ${page.median.performance}, accessibility ${page.median.accessibility}, best practices ${page.median.bestPractices}; TBT ${page.median.tbtMs.toFixed(0)} ms, LCP ${page.median.lcpMs.toFixed(0)} ms, CLS ${worstCls(page).toFixed(3)} at most; first-load JS ${page.firstLoadJsKb.toFixed(1)} kB, machine index ${page.median.benchmarkIndex.toFixed(0)}: ${page.reference ? "reference" : lighthouseMet(page, reference) ? "met" : "MISSED"}`,
      );
  });
}
