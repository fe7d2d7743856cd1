// Part 4: `npm start` (built) until both servers answer, and the resident memory of each, idle and under load.
import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { signInOverHttp } from "../test/harness/http-sign-in.js";
import { saveActionId } from "./dashboard-overhead.js";
import { median, percentile, timed } from "./load.js";
import { findInGroup, peakRssDuring, rssMb, sleep, spawnGroup, waitForOk, type Group } from "./processes.js";

export type StartRun = { sandboxMs: number; dashboardMs: number; readyMs: number };

export type SellerLoad = { sellers: number; seconds: number; pages: number[]; saves: number[]; failures: number };

export type StartResult = {
  runs: StartRun[];
  idle: { sandbox: number; dashboard: number };
  load: SellerLoad;
  peak: { sandbox: number; dashboard: number };
};

function npmStart(port: number, sandboxPort: number, distDir: string, dataDir: string): Group {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    SANDBOX_PORT: String(sandboxPort),
    SANDBOX_DB: join(dataDir, "sandbox.db"),
    DASHBOARD_DB: join(dataDir, "dashboard.db"),
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    AUTH_URL: `http://localhost:${port}`,
    NEXT_DIST_DIR: distDir,
    NEXT_TELEMETRY_DISABLED: "1",
    NODE_ENV: "production",
  };
  for (const name of [
    "MARKETPLACE_API_URL",
    "MARKETPLACE_AUTH_URL",
    "MARKETPLACE_KEYSTRING",
    "MARKETPLACE_SHARED_SECRET",
    "DATABASE_URL",
  ])
    delete env[name];
  return spawnGroup("npm start", "npm", ["start"], env);
}

async function startOnce(port: number, sandboxPort: number, distDir: string, dataDir: string) {
  const start = process.hrtime.bigint();
  const group = npmStart(port, sandboxPort, distDir, dataDir);
  const since = () => Number(process.hrtime.bigint() - start) / 1e6;
  const exited = new Promise<never>((_, reject) =>
    group.child.once("exit", (code) => reject(new Error(`npm start exited with ${code} before both servers answered`))),
  );
  const [sandboxMs, dashboardMs] = await Promise.race([
    Promise.all([
      waitForOk(`http://localhost:${sandboxPort}/__sandbox/clock`, 60_000).then(since),
      waitForOk(`http://localhost:${port}/sign-in`, 60_000).then(since),
    ]),
    exited,
  ]).catch(async (error: unknown) => {
    await group.stop();
    throw error;
  });
  return { group, run: { sandboxMs, dashboardMs, readyMs: Math.max(sandboxMs, dashboardMs) } };
}

type Seller = { cookie: string; listingIds: number[] };

async function signInSellers(sandboxUrl: string, dashboardUrl: string, count: number): Promise<Seller[]> {
  const sellers: Seller[] = [];
  for (let index = 0; index < count; index++) {
    const response = await fetch(`${sandboxUrl}/__sandbox/sellers`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ listings: 30 }),
    });
    const seller = (await response.json()) as { email: string; password: string; listing_ids: number[] };
    sellers.push({ cookie: (await signInOverHttp(dashboardUrl, seller)).cookie, listingIds: seller.listing_ids });
  }
  return sellers;
}

/** Every seller in a loop for `seconds`: the listings page, then a save of one of their listings, and again. */
async function sellerLoad(
  dashboardUrl: string,
  actionId: string,
  sellers: Seller[],
  seconds: number,
): Promise<SellerLoad> {
  const load: SellerLoad = { sellers: sellers.length, seconds, pages: [], saves: [], failures: 0 };
  const until = Date.now() + seconds * 1000;
  const check = async (response: Response, ok: (text: string) => boolean) => {
    const text = await response.text();
    if (response.status !== 200 || !ok(text)) load.failures += 1;
  };
  await Promise.all(
    sellers.map(async (seller, index) => {
      for (let turn = 0; Date.now() < until; turn++) {
        load.pages.push(
          await timed(() =>
            fetch(`${dashboardUrl}/listings`, { headers: { cookie: seller.cookie } }).then((response) =>
              check(response, () => true),
            ),
          ),
        );
        const listingId = seller.listingIds[(index + turn) % seller.listingIds.length] as number;
        const question = {
          instructions: `Name to engrave, turn ${turn}.`,
          maxAllowedCharacters: 20 + (turn % 10),
          required: turn % 2 === 0,
        };
        load.saves.push(
          await timed(() =>
            fetch(`${dashboardUrl}/listings/${listingId}`, {
              method: "POST",
              headers: {
                cookie: seller.cookie,
                "next-action": actionId,
                "content-type": "text/plain;charset=UTF-8",
                accept: "text/x-component",
              },
              body: JSON.stringify([{ listingId, question }]),
            }).then((response) => check(response, (text) => text.includes('"ok":true'))),
          ),
        );
      }
    }),
  );
  return load;
}

export async function measureStart(options: {
  port: number;
  sandboxPort: number;
  distDir: string;
  starts: number;
  sellers: number;
  loadSeconds: number;
  log: (line: string) => void;
}): Promise<StartResult> {
  const runs: StartRun[] = [];
  const dataDir = join(tmpdir(), `bench-start-${process.pid}`);
  let group: Group | undefined;
  try {
    for (let attempt = 0; attempt < options.starts; attempt++) {
      rmSync(dataDir, { recursive: true, force: true });
      mkdirSync(dataDir, { recursive: true });
      const started = await startOnce(options.port, options.sandboxPort, options.distDir, dataDir);
      group = started.group;
      runs.push(started.run);
      options.log(
        `npm start: sandbox after ${started.run.sandboxMs.toFixed(0)} ms, dashboard after ${started.run.dashboardMs.toFixed(0)} ms`,
      );
      if (attempt < options.starts - 1) {
        await group.stop();
        group = undefined;
      }
    }
    if (!group) throw new Error("npm start did not run");
    // `npm start` is npm → tsx → node running scripts/start.ts (the sandbox lives in it) → npx → next-server.
    const sandboxPid = findInGroup(
      group,
      (command) => command.includes("scripts/start.ts") && command.includes("--import"),
    );
    const dashboardPid = findInGroup(group, (command) => command.startsWith("next-server"));
    await sleep(2000);
    const idle = { sandbox: rssMb(sandboxPid), dashboard: rssMb(dashboardPid) };
    const dashboardUrl = `http://localhost:${options.port}`;
    const sellers = await signInSellers(`http://localhost:${options.sandboxPort}`, dashboardUrl, options.sellers);
    const actionId = saveActionId(options.distDir);
    const { result: load, peaks } = await peakRssDuring([sandboxPid, dashboardPid], () =>
      sellerLoad(dashboardUrl, actionId, sellers, options.loadSeconds),
    );
    options.log(
      `${options.sellers} sellers for ${options.loadSeconds} s: ${load.pages.length} pages, ${load.saves.length} saves, ${load.failures} failures; page p50 ${median(load.pages).toFixed(0)} ms p99 ${percentile(load.pages, 99).toFixed(0)} ms`,
    );
    return { runs, idle, load, peak: { sandbox: peaks[0] ?? 0, dashboard: peaks[1] ?? 0 } };
  } finally {
    await group?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
