import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startSandbox, type RunningSandbox } from "../../sandbox/server";
import { createSeller, sandboxControl } from "../harness/sandbox";
import { freePort, startDashboard, type DashboardProcess } from "../harness/dashboard-process";
import { signInOverHttp } from "../harness/http-sign-in";

// DASHBOARD_PAGE_RENDERS=1 on the built server: one page renders at a time, but not while it waits on a slow marketplace.
const DELAY_MS = 1500;
const SELLERS = 3;
let sandbox: RunningSandbox;
let dashboard: DashboardProcess;
let folder: string;
let sellers: Array<{ cookie: string; shopId: number }>;

type Logged = { method: string; path: string; status: number; time: string };

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), "page-renders-"));
  sandbox = await startSandbox({ port: 0, db: ":memory:" });
  dashboard = await startDashboard({
    port: await freePort(),
    sandboxUrl: sandbox.url,
    dashboardDb: join(folder, "dashboard.db"),
    env: { DASHBOARD_PAGE_RENDERS: "1" },
  });
  // A seller each: one seller's concurrent pages could share a single read of the shop's listings.
  sellers = [];
  for (let index = 0; index < SELLERS; index++) {
    const seller = await createSeller(sandbox.url, { listings: 3 });
    sellers.push({ cookie: (await signInOverHttp(dashboard.url, seller)).cookie, shopId: seller.shop_id! });
  }
}, 120_000);

afterAll(async () => {
  await dashboard?.stop();
  await sandbox?.close();
  rmSync(folder, { recursive: true, force: true });
});

it("renders pages whose marketplace reads are slow side by side, though it renders one page at a time", async () => {
  await sandboxControl(sandbox.url, "/requests", undefined, "DELETE");
  for (const { shopId } of sellers)
    await sandboxControl(sandbox.url, "/faults", {
      method: "GET",
      path: `/v3/application/shops/${shopId}/listings`,
      delay_ms: DELAY_MS,
    });

  const pages = await Promise.all(
    sellers.map(({ cookie }) =>
      fetch(`${dashboard.url}/listings`, { headers: { cookie } }).then(async (response) => ({
        status: response.status,
        html: await response.text(),
      })),
    ),
  );
  expect(pages.map((page) => page.status)).toEqual([200, 200, 200]);
  for (const page of pages) expect(page.html).toContain("Test listing 1");

  const reads = ((await sandboxControl(sandbox.url, "/requests")).body.requests as Logged[]).filter(
    (entry) => entry.method === "GET" && /\/shops\/\d+\/listings$/.test(entry.path),
  );
  expect(reads.map((read) => read.status)).toEqual([200, 200, 200]);
  // Each read took DELAY_MS and is logged as it ends: ends less than DELAY_MS apart mean every read began before the first
  // one ended. Had each render kept its place through the read, they would end DELAY_MS or more apart.
  const ends = reads.map((read) => Date.parse(read.time)).sort((a, b) => a - b);
  expect(ends.at(-1)! - ends[0]!).toBeLessThan(DELAY_MS);
  expect((await sandboxControl(sandbox.url, "/faults")).body.faults).toEqual([]);
});
