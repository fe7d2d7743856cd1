// CPU the dashboard spends per request, route by route: `npx tsx bench/route-cost.ts [--seconds 8] [--concurrency 10]
// [--only save] [--cpu-prof dir]`.
// Starts the sandbox and the built dashboard, signs sellers in, then loads one route at a time and divides the
// dashboard's CPU time (from /proc) by the requests it answered. For finding where time goes, not a target.
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { freePort } from "../test/harness/dashboard-process";
import { signInOverHttp } from "../test/harness/http-sign-in";
import { callSaveAction, saveActionId } from "./loadtest-action";
import {
  cpuProfileArgs,
  killStartedGroups,
  snapshotBuild,
  startDashboardProcess,
  startSandboxProcess,
  stopDashboard,
} from "./loadtest-processes";
import { cpuSeconds } from "./loadtest-sampler";
import { mapLimit } from "./loadtest-stats";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "8" },
    concurrency: { type: "string", default: "10" },
    only: { type: "string" },
    "cpu-prof": { type: "string" },
  },
});
const seconds = Number(values.seconds);
const concurrency = Number(values.concurrency);
const log = (line: string) => console.log(`[route-cost] ${line}`);

const cpuMs = (pid: number) => (cpuSeconds(pid) ?? Number.NaN) * 1000;

const build = await snapshotBuild(log);
process.on("exit", () => (killStartedGroups(), build.remove()));
const sandbox = await startSandboxProcess(await freePort(), 1_000_000, "ignore", log);
const dashboard = await startDashboardProcess(
  {
    port: await freePort(),
    sandboxUrl: sandbox.url,
    timeoutMs: 8000,
    dashboardDb: join(tmpdir(), `route-cost-${process.pid}.db`),
    distDir: build.distDir,
    stdio: "ignore",
    nodeArgs: cpuProfileArgs(values["cpu-prof"]),
  },
  log,
);
try {
  const created = await mapLimit(Array.from({ length: concurrency }), 5, async () => {
    const response = await fetch(`${sandbox.url}/__sandbox/sellers`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ listings: 10 }),
    });
    return (await response.json()) as { email: string; password: string; listing_ids: number[] };
  });
  const sellers = await mapLimit(created, 5, async (seller) => ({
    ...seller,
    cookie: (await signInOverHttp(dashboard.url, seller)).cookie,
  }));
  const actionId = saveActionId(build.distDir);
  let n = 0;
  const get =
    (path: string, gzip = true, signedIn = true) =>
    async (seller: (typeof sellers)[number]) => {
      const response = await fetch(`${dashboard.url}${path}`, {
        headers: { ...(signedIn ? { cookie: seller.cookie } : {}), ...(gzip ? {} : { "accept-encoding": "identity" }) },
        redirect: "manual",
      });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    };
  const routes: Record<string, (seller: (typeof sellers)[number]) => Promise<void>> = {
    "GET /api/health": get("/api/health"),
    "GET /sign-in": get("/sign-in", true, false),
    "GET /api/listings": get("/api/listings?state=active"),
    "GET /listings (gzip)": get("/listings?state=active&page=1"),
    "GET /listings (identity)": get("/listings?state=active&page=1", false),
    "GET /listings/[id]": async (seller) => get(`/listings/${seller.listing_ids[0]}`)(seller),
    "save action": async (seller) => {
      const listingId = seller.listing_ids[n++ % seller.listing_ids.length] as number;
      const result = await callSaveAction(dashboard.url, actionId, seller.cookie, listingId, {
        instructions: `Route cost ${n}`,
        maxAllowedCharacters: (n % 100) + 1,
        required: n % 2 === 0,
      });
      if (!result.ok) throw new Error(`save: ${result.formError}`);
    },
  };
  console.log(
    `\n${"route".padEnd(26)} ${"req/s".padStart(8)} ${"CPU ms/req".padStart(11)}   (${concurrency} at a time, ${seconds} s each)`,
  );
  for (const [name, run] of Object.entries(routes)) {
    if (values.only && !name.includes(values.only)) continue;
    const warm = await Promise.all(sellers.map((seller) => run(seller))).catch((error: Error) => error);
    if (warm instanceof Error) {
      console.log(`${name.padEnd(26)} ${warm.message}`);
      continue;
    }
    const before = cpuMs(dashboard.pid);
    const until = performance.now() + seconds * 1000;
    let count = 0;
    const t0 = performance.now();
    await Promise.all(
      sellers.map(async (seller) => {
        while (performance.now() < until) {
          await run(seller);
          count++;
        }
      }),
    );
    const elapsed = (performance.now() - t0) / 1000;
    console.log(
      `${name.padEnd(26)} ${(count / elapsed).toFixed(0).padStart(8)} ${((cpuMs(dashboard.pid) - before) / count).toFixed(2).padStart(11)}`,
    );
  }
} finally {
  await stopDashboard(dashboard.dashboard);
  await sandbox.stop();
}
