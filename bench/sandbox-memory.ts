// The sandbox on its own (in memory, as tests and the bench run it) under /usr/bin/time -v, and its memory with 10,000 listings.
import { tmpdir } from "node:os";
import { join } from "node:path";
import { wrk, type Throughput } from "./wrk.js";
import { DEMO_APP } from "../sandbox/store/seed.js";
import {
  findInGroup,
  maxRssFromTimeLog,
  peakRssDuring,
  rssMb,
  sleep,
  spawnGroup,
  waitForOk,
  type Group,
} from "./processes.js";

export type BenchSandbox = { url: string; pid: number; group: Group; timeLog: string };

/** `root`: another checkout of the project, to compare its sandbox with this one (bench/sandbox-ab.ts). */
/** `nodeArgs`: flags for the sandbox's node, e.g. `--cpu-prof` (bench/profile-sandbox.ts). */
export async function startBenchSandbox(port: number, root = ".", nodeArgs: string[] = []): Promise<BenchSandbox> {
  const timeLog = join(tmpdir(), `bench-sandbox-time-${process.pid}.txt`);
  // Rate limits out of the way: the bench measures the server, not its 429s.
  const group = spawnGroup("sandbox", "/usr/bin/time", [
    "-v",
    "-o",
    timeLog,
    process.execPath,
    ...nodeArgs,
    "--import",
    "tsx",
    `${root}/sandbox/main.ts`,
    "--port",
    String(port),
    "--db",
    ":memory:",
    "--rate-per-second",
    "1000000000",
    "--rate-per-day",
    "1000000000000",
  ]);
  const url = `http://localhost:${port}`;
  await waitForOk(`${url}/__sandbox/clock`, 30_000);
  return {
    url,
    group,
    timeLog,
    pid: findInGroup(group, (command) => command.includes("sandbox/main.ts") && !command.startsWith("/usr/bin/time")),
  };
}

export async function sandboxToken(
  sandboxUrl: string,
  userId: number,
  scopes: string[],
  keystring: string = DEMO_APP.keystring,
) {
  const response = await fetch(`${sandboxUrl}/__sandbox/tokens`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ keystring, user_id: userId, scopes }),
  });
  if (!response.ok) throw new Error(`POST /__sandbox/tokens answered ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

export type ManyListings = {
  listings: number;
  seededMb: number;
  afterCreateMb: number;
  createMs: number;
  load: Throughput;
  peakMb: number;
  maxRssMb?: number;
};

export async function sandboxWithManyListings(
  sandbox: BenchSandbox,
  listings: number,
  seconds: number,
): Promise<Omit<ManyListings, "maxRssMb">> {
  const seededMb = rssMb(sandbox.pid);
  const started = performance.now();
  const response = await fetch(`${sandbox.url}/__sandbox/sellers`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ listings }),
  });
  if (response.status !== 201)
    throw new Error(`POST /__sandbox/sellers answered ${response.status}: ${await response.text()}`);
  const seller = (await response.json()) as { user_id: number; shop_id: number };
  const createMs = performance.now() - started;
  const afterCreateMb = rssMb(sandbox.pid);
  const token = await sandboxToken(sandbox.url, seller.user_id, ["listings_r"]);
  const request = {
    url: `${sandbox.url}/v3/application/shops/${seller.shop_id}/listings?limit=100&offset=9900&includes=personalization`,
    headers: { "x-api-key": `${DEMO_APP.keystring}:${DEMO_APP.shared_secret}`, authorization: `Bearer ${token}` },
  };
  const { result: load, peaks } = await peakRssDuring([sandbox.pid], () => wrk(request, 10, seconds, sandbox.pid));
  return { listings, seededMb, afterCreateMb, createMs, load, peakMb: peaks[0] ?? 0 };
}

/** Stops the sandbox and reads the peak RSS /usr/bin/time -v saw over its whole life. */
export async function stopBenchSandbox(sandbox: BenchSandbox) {
  // SIGTERM to the sandbox alone: /usr/bin/time writes its report when its child exits, not when it is killed itself.
  const exited = new Promise<void>((resolve) => sandbox.group.child.once("exit", () => resolve()));
  try {
    process.kill(sandbox.pid, "SIGTERM");
  } catch {}
  await Promise.race([exited, sleep(5000)]);
  await sandbox.group.stop();
  return maxRssFromTimeLog(sandbox.timeLog);
}
