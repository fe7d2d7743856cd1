// The review of a change over 10,000 listings: a seller with 10,000 active listings plans one (every listing gets a text
// question, through the listings page's "Change N listings…" as a seller does), and Lighthouse (mobile) audits its page,
// /changes/<id>, planned but not applied.
// `npx tsx bench/dashboard/change-review.ts [--runs 3] [--listings 10000]` runs this part alone.
import { signInOverHttp } from "../../test/harness/http-sign-in.js";
import { createSeller, sandboxControl, type CreatedSeller } from "../../test/harness/sandbox.js";
import { wholeNumberOptions } from "../options.js";
import { runDashboardPartAlone } from "../processes.js";
import { audit, medianRun, startChromium, type LighthouseRun } from "./lighthouse.js";
import { signedInBrowser } from "./signed-in-browser.js";

export const CHANGE_REVIEW_FLOOR = { performance: 90, accessibility: 100 };

export type ChangeReviewFigures = {
  listings: number;
  /** Rows the review holds that change (every listing, unless the plan skipped some). */
  changes: number;
  /** From "Review the change" to its page: reading every listing, judging each, keeping the plan. */
  planSeconds: number;
  runs: LighthouseRun[];
  median: LighthouseRun;
};

export const changeReviewMet = (figures: ChangeReviewFigures) =>
  figures.median.performance >= CHANGE_REVIEW_FLOOR.performance &&
  figures.median.accessibility >= CHANGE_REVIEW_FLOOR.accessibility;

export const describeChangeReview = (figures: ChangeReviewFigures) => [
  `review of a change over ${figures.listings.toLocaleString("en-US")} listings (${figures.changes.toLocaleString("en-US")} rows change, planned in ${figures.planSeconds.toFixed(1)} s): Lighthouse performance ${figures.median.performance}, accessibility ${figures.median.accessibility} (median of ${figures.runs.length}), TBT ${figures.median.tbtMs.toFixed(0)} ms, LCP ${figures.median.lcpMs.toFixed(0)} ms, CLS ${figures.median.cls.toFixed(3)}`,
];

/** Plans the change in Playwright's Chromium as the seller would; returns the review's URL and how long planning took. */
async function planThroughTheListingsPage(dashboardUrl: string, cookie: string, listings: number) {
  const { browser, context } = await signedInBrowser(dashboardUrl, cookie);
  try {
    const page = await context.newPage();
    await page.goto(`${dashboardUrl}/listings?state=active`);
    await page.getByRole("checkbox", { name: "Select all listings on this page" }).check();
    await page.getByRole("button", { name: `Select all ${listings} active listings` }).click();
    await page.getByRole("button", { name: `Change ${listings} listings…` }).click();
    const dialog = page.getByRole("dialog", { name: `Change ${listings} listings` });
    await dialog.getByLabel("What to change").selectOption({ label: "Add a question" });
    await dialog.getByRole("textbox", { name: "Instructions" }).fill("The name to engrave");
    const started = Date.now();
    await dialog.getByRole("button", { name: "Review the change" }).click();
    await page.waitForURL(/\/changes\/[0-9a-f-]{36}$/, { timeout: 120_000 });
    const planSeconds = (Date.now() - started) / 1000;
    const summary = (await page.getByTestId("plan-summary").textContent({ timeout: 60_000 })) ?? "";
    return { url: page.url(), planSeconds, changes: Number(/^([\d,]+) listings? changes?/.exec(summary)?.[1] ?? 0) };
  } finally {
    await browser.close();
  }
}

export async function measureChangeReview(options: {
  dashboardUrl: string;
  sandboxUrl: string;
  listings: number;
  runs: number;
  log: (line: string) => void;
}): Promise<ChangeReviewFigures> {
  const phase = await sandboxControl(options.sandboxUrl, "/phase", { phase: "webhooks" });
  if (phase.status >= 300) throw new Error(`sandbox control: ${phase.status} ${phase.text}`);
  const seller: CreatedSeller = await createSeller(options.sandboxUrl, { listings: options.listings });
  const { cookie } = await signInOverHttp(options.dashboardUrl, seller);
  const { url, planSeconds, changes } = await planThroughTheListingsPage(
    options.dashboardUrl,
    cookie,
    options.listings,
  );
  options.log(`planned ${changes} changes in ${planSeconds.toFixed(1)} s: ${url}`);
  const chrome = await startChromium();
  const runs: LighthouseRun[] = [];
  try {
    for (let run = 1; run <= options.runs; run++) {
      const last = await audit(url, chrome.port, cookie);
      runs.push(last);
      options.log(
        `change review run ${run}: performance ${last.performance}, accessibility ${last.accessibility}; LCP ${last.lcpMs.toFixed(0)} ms, TBT ${last.tbtMs.toFixed(0)} ms, CLS ${last.cls.toFixed(3)}`,
      );
    }
  } finally {
    await chrome.stop();
  }
  return { listings: options.listings, changes, planSeconds, runs, median: medianRun(runs) };
}

if (process.argv[1]?.endsWith("bench/dashboard/change-review.ts")) {
  const { options } = wholeNumberOptions({ runs: 3, listings: 10_000 });
  await runDashboardPartAlone("change-review", options, {
    measure: measureChangeReview,
    describe: describeChangeReview,
    met: changeReviewMet,
  });
}
