// Bulk apply at scale: one question applied to 10,000 listings by the change runner, against a sandbox (its own process)
// that allows the app 20 requests a second; the limit alone needs 500 s, and the target is within 1.05x of that with no
// listing left failed and memory flat (the runner's and the sandbox's RSS, sampled every second).
// `npx tsx bench/load/bulk.ts [--listings 10000] [--per-second 20]` (`--listings 200` runs in about 10 s); `--json`
// prints one JSON line.
import { randomBytes } from "node:crypto";
import { runPartAlone } from "./bench-part";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../../test/harness/dashboard-process";
import { DEMO_APP } from "../../sandbox/store/seed";
import { createSeller, sandboxControl } from "../../test/harness/sandbox";
import { storeSellerTokens } from "../../test/harness/seller-marketplace";
import { processGroup, rssMb, runScript } from "../processes";

export type BulkFigures = {
  listings: number;
  perSecond: number;
  seconds: number;
  /** What the limit alone allows: one write per listing. */
  limitSeconds: number;
  ratio: number;
  requests: number;
  rateLimited: number;
  /** Requests the sandbox's log (its last 2,000) dropped before the bench read them; 0 when every request was counted. */
  uncounted: number;
  done: number;
  unchanged: number;
  failed: number;
  /** Resident memory over the run, sampled every second: the runner's process (the dashboard's side) and the sandbox's. */
  memory: MemorySample[];
};

/** runnerMb and heapMb are read right after a full garbage collection: what the runner holds, not when V8 last collected. */
export type MemorySample = { seconds: number; runnerMb: number; heapMb: number; sandboxMb: number };

type MemoryKey = "runnerMb" | "heapMb" | "sandboxMb";

/** What npm run bench reports: the figures, or why there are none. */
export type BulkResult = BulkFigures | { skipped: string };

export const TARGET_RATIO = 1.05;

export const DEFAULT_LISTINGS = 10_000;

/** Growth allowed between the second and the last quarter of the run (the first is warm-up): 10% and 10 MB. */
const FLAT = { share: 0.1, mb: 10 };

/** The median RSS of each quarter of the run, per process. */
export function memoryQuarters(samples: MemorySample[], key: MemoryKey) {
  const quarter = (index: number) => {
    const slice = samples.slice(
      Math.floor((index * samples.length) / 4),
      Math.max(Math.floor(((index + 1) * samples.length) / 4), Math.floor((index * samples.length) / 4) + 1),
    );
    const sorted = slice.map((sample) => sample[key]).sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
  };
  return [0, 1, 2, 3].map(quarter);
}

/** One process's RSS is flat when the last quarter's median is no more than 10% (and 10 MB) above the second's. */
export function processFlat(samples: MemorySample[], key: MemoryKey) {
  if (samples.length < 4) return false;
  const [, second = Number.NaN, , last = Number.NaN] = memoryQuarters(samples, key);
  return last - second <= Math.max(FLAT.mb, FLAT.share * second);
}

/** Flat: neither process grew. */
export const memoryFlat = (samples: MemorySample[]) =>
  processFlat(samples, "runnerMb") && processFlat(samples, "sandboxMb");

export const bulkMet = (figures: BulkFigures) =>
  figures.ratio <= TARGET_RATIO && figures.failed === 0 && memoryFlat(figures.memory);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function startSandbox(perSecond: number) {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const child = spawn(
    "npx",
    ["tsx", "sandbox/main.ts", "--port", String(port), "--db", ":memory:", "--rate-per-second", String(perSecond)],
    { detached: true, stdio: "ignore" },
  );
  const stop = () => {
    try {
      process.kill(-(child.pid as number), "SIGTERM");
    } catch {}
  };
  // The sandbox has a process group of its own: an interrupt (Ctrl-C, or npm run bench stopping) must take it down too.
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => (stop(), process.exit(130)));
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await sleep(100)) {
    if (
      await fetch(`${url}/`).then(
        (response) => response.ok,
        () => false,
      )
    ) {
      const server = processGroup(child.pid as number).find(
        (entry) => entry.command.includes("sandbox/main.ts") && entry.command.includes("tsx/dist/preflight"),
      );
      return { url, stop, pid: server?.pid };
    }
  }
  stop();
  throw new Error("the sandbox did not start within 60 s");
}

/**
 * The marketplace requests of the run, by status. The sandbox's request log keeps its last 2,000 entries (100 s at
 * 20 a second), so the bench reads it every second as the run goes; any gap in the ids is counted as uncounted.
 */
function requestTally(sandboxUrl: string, sinceId: number) {
  const tally = { requests: 0, rateLimited: 0, uncounted: 0 };
  let lastId = sinceId;
  let reading: Promise<void> = Promise.resolve();
  const readOnce = async () => {
    const { requests } = (await sandboxControl(sandboxUrl, `/requests?since=${lastId}`)).body as {
      requests: { id: number; path: string; status: number }[];
    };
    for (const entry of requests) {
      tally.uncounted += entry.id - lastId - 1;
      lastId = entry.id;
      if (!entry.path.startsWith("/v3/application/")) continue;
      tally.requests += 1;
      if (entry.status === 429) tally.rateLimited += 1;
    }
  };
  return Object.assign(tally, {
    /** Reads what is new since the last read; reads never overlap. */
    read: () => (reading = reading.then(readOnce, readOnce)),
  });
}

/**
 * What a runner needs for a bench: a sandbox (its own process) at `perSecond`, a throwaway dashboard database, and a
 * seller with `listings` listings whose tokens are in it. Runs in the react-server process, as the runners do.
 */
export async function benchShop(listings: number, perSecond: number, name: string) {
  const { openDatabase } = await import("../../lib/db/database");
  const { tokenStore } = await import("../../lib/auth/token-store");
  const { keyring, sealKey } = await import("../../lib/auth/token-seal");
  const sandbox = await startSandbox(perSecond);
  const folder = mkdtempSync(join(tmpdir(), `bench-${name}-`));
  const db = await openDatabase(join(folder, "dashboard.db"));
  // Tokens are sealed at rest; this throwaway store gets a throwaway key.
  const store = tokenStore(db, keyring(sealKey(randomBytes(32).toString("base64url"))));
  const close = async () => {
    await db.close();
    sandbox.stop();
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    const seller = await createSeller(sandbox.url, { listings });
    await storeSellerTokens(store, sandbox.url, seller.user_id, ["listings_r", "listings_w", "shops_r"]);
    const config = {
      apiUrl: sandbox.url,
      authUrl: sandbox.url,
      keystring: DEMO_APP.keystring,
      sharedSecret: DEMO_APP.shared_secret,
      timeoutMs: 8000,
      maxRetryWaitMs: 3000,
    };
    return { sandbox, db, store, seller, config, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Runs in a process started with the react-server condition: the runner is server-only code. */
async function measure(listings: number, perSecond: number): Promise<BulkFigures> {
  const { createPlanRunner } = await import("../../lib/changes/plan-runner");
  const { readListingQuestions } = await import("../../lib/changes/listing-reads");
  const { planOfTargets } = await import("../../lib/changes/plan");
  const { sandbox, db, store, seller, config, close } = await benchShop(listings, perSecond, "bulk");
  try {
    const runner = createPlanRunner({ db, config, store });
    const who = { userId: seller.user_id, shopId: seller.shop_id as number };
    const read = await readListingQuestions(runner.marketplace, who, seller.listing_ids);
    if (!read.ok) throw new Error(`reading the listings failed: ${read.failure.kind}`);
    const engrave = {
      type: "text_input",
      title: "Personalization",
      instructions: "Name to engrave",
      required: true,
      maxAllowedCharacters: 20,
    };
    const jobId = await runner.plans.create({
      ...who,
      description: "Name to engrave",
      phase: "single",
      rate: { perSecond, remainingToday: null },
      items: planOfTargets(
        read.data,
        new Map(read.data.map((listing) => [listing.listingId, { after: [engrave] }])),
        "single",
      ),
    });
    const { requests: before } = (await sandboxControl(sandbox.url, "/requests")).body as {
      requests: { id: number }[];
    };
    const tally = requestTally(sandbox.url, before.at(-1)?.id ?? 0);

    const limitSeconds = listings / perSecond;
    const started = Date.now();
    await runner.plans.startApply(jobId, who.shopId);
    const memory: MemorySample[] = [];
    // Started with --expose-gc (measureBulk): without a collection first, a sample reads the V8 heap at whatever size it
    // last grew to before collecting, which swings by 20 MB within a minute of this same steady work.
    const collect = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
    const sample = () => {
      collect();
      const { rss, heapUsed } = process.memoryUsage();
      memory.push({
        seconds: (Date.now() - started) / 1000,
        runnerMb: rss / 1048576,
        heapMb: heapUsed / 1048576,
        sandboxMb: sandbox.pid ? rssMb(sandbox.pid) : 0,
      });
      void tally.read();
    };
    sample();
    const sampler = setInterval(sample, 1000);
    runner.start();
    // A stalled job must not hold npm run bench past its time budget.
    const deadline = started + limitSeconds * 3000 + 60_000;
    while ((await runner.plans.find(jobId))?.status !== "applied") {
      if (Date.now() > deadline)
        throw new Error(`the job had not finished after ${((Date.now() - started) / 1000).toFixed(0)} s`);
      await sleep(50);
    }
    const seconds = (Date.now() - started) / 1000;
    clearInterval(sampler);
    sample();
    await runner.stop();

    const { outcomes, unchanged } = await runner.plans.counts(jobId);
    await tally.read();
    return {
      listings,
      perSecond,
      seconds,
      limitSeconds,
      ratio: seconds / limitSeconds,
      requests: tally.requests,
      rateLimited: tally.rateLimited,
      uncounted: tally.uncounted,
      done: outcomes.done ?? 0,
      unchanged,
      failed: (outcomes.failed ?? 0) + (outcomes["changed-elsewhere"] ?? 0),
      memory,
    };
  } finally {
    await close();
  }
}

/** Runs `script` (a bench that prints its figures as one JSON line with --json) in a react-server child process. */
export function figuresOf<T>(script: string, nodeFlags: string[], listings: number, perSecond: number): Promise<T> {
  const { child, exit } = runScript(
    [
      "--conditions=react-server",
      ...nodeFlags,
      script,
      "--json",
      "--listings",
      String(listings),
      "--per-second",
      String(perSecond),
    ],
    "pipe",
  );
  let out = "";
  child.stdout?.on("data", (chunk: Buffer) => (out += chunk.toString()));
  return exit.then((code) => {
    const line = out.trim().split("\n").at(-1) ?? "";
    if (line.startsWith("{")) return JSON.parse(line) as T;
    throw new Error(`${script} exited with ${code}: ${out.slice(-400)}`);
  });
}

/** For `npm run bench`: the same measurement in a child process with the react-server condition. */
export const measureBulk = (listings = DEFAULT_LISTINGS, perSecond = 20) =>
  figuresOf<BulkFigures>("bench/load/bulk.ts", ["--expose-gc"], listings, perSecond);

export function describeBulk(figures: BulkFigures): string[] {
  const verdict = bulkMet(figures) ? "within target" : "OUTSIDE target";
  return [
    `bulk apply: ${figures.listings} listings at ${figures.perSecond} requests/s`,
    `  time            ${figures.seconds.toFixed(1)} s (the limit allows ${figures.limitSeconds.toFixed(0)} s): ${figures.ratio.toFixed(3)}x, target <= ${TARGET_RATIO}x, ${verdict}`,
    `  requests        ${figures.requests} to the marketplace (${figures.listings} writes plus batch reads), ${figures.rateLimited} answered 429${figures.uncounted ? `; ${figures.uncounted} more the sandbox's log dropped before they were read` : ""}`,
    `  listings        ${figures.done} changed, ${figures.unchanged} already as asked, ${figures.failed} failed`,
    `  runner RSS      ${quarters(figures.memory, "runnerMb")} MB (median of each quarter of the run, after a full GC), peak ${peak(figures.memory, "runnerMb")} MB; ${processFlat(figures.memory, "runnerMb") ? "flat" : "NOT flat"}`,
    `  runner heap     ${quarters(figures.memory, "heapMb")} MB used after a full GC`,
    `  sandbox RSS     ${quarters(figures.memory, "sandboxMb")} MB, peak ${peak(figures.memory, "sandboxMb")} MB; ${processFlat(figures.memory, "sandboxMb") ? "flat" : "NOT flat"}`,
  ];
}

const quarters = (samples: MemorySample[], key: MemoryKey) =>
  memoryQuarters(samples, key)
    .map((mb) => mb.toFixed(0))
    .join(" / ");
export const peak = (samples: MemorySample[], key: MemoryKey) =>
  Math.max(...samples.map((sample) => sample[key])).toFixed(0);

if (process.argv[1]?.endsWith("bench/load/bulk.ts"))
  await runPartAlone({
    defaultListings: DEFAULT_LISTINGS,
    measure: measure,
    inChild: measureBulk,
    describe: describeBulk,
    met: bulkMet,
  });
