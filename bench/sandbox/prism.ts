// The sandbox against Stoplight Prism mocking the sandbox's own /openapi.json (whose examples are the sandbox's own
// answers, so both send the same payloads), alternating the two servers; each server pinned to one core and wrk to the
// other. `npx tsx bench/sandbox/prism.ts [--seconds 3] [--rounds 5]` runs this part alone.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../../test/harness/dashboard-process.js";
import { DEMO_API_KEY as API_KEY, issueTokensFor } from "../../test/harness/sandbox.js";
import { DEMO_SELLERS } from "../../sandbox/store/seed.js";
import {
  processGroup,
  spawnGroup,
  startBenchSandbox,
  stopAll,
  waitForOk,
  type BenchSandbox,
  type Group,
} from "../processes.js";
import { wholeNumberOptions } from "../options.js";
import { median } from "../stats.js";
import { CORES, pin, wrk, type Request, type Throughput } from "./wrk.js";

/** The floor: the sandbox's throughput over Prism's, per operation, with answer bodies within 10% of each other. */
export const PRISM_FLOOR = { getListing: 6, page: 4, post: 4, sizeTolerance: 0.1 };

export type Comparison = {
  operation: string;
  floor: number;
  /** Bytes of one answer's body from each server (the payloads the run compares). */
  bodyBytes: { sandbox: number; prism: number };
  sandbox: Throughput[];
  prism: Throughput[];
};

export type PrismResult = {
  comparisons: Comparison[];
  connections: number;
  seconds: number;
  rounds: number;
  pinned: boolean;
  prismVersion: string;
  /** The most CPU wrk used of its core in any run, in %. */
  generatorPeak: number;
};
const BO = DEMO_SELLERS.bo;

export const personalizationBody = JSON.stringify({
  personalization_questions: [
    {
      question_type: "text_input",
      question_text: "Personalization",
      instructions: "Name to engrave, up to 12 letters.",
      required: true,
      max_allowed_characters: 12,
    },
  ],
});

async function firstListingOf(sandboxUrl: string, token: string, shopId: number) {
  const response = await fetch(`${sandboxUrl}/v3/application/shops/${shopId}/listings?limit=1`, {
    headers: { "x-api-key": API_KEY, authorization: `Bearer ${token}` },
  });
  const page = (await response.json()) as { results: { listing_id: number }[] };
  const listing = page.results[0];
  if (!listing) throw new Error(`shop ${shopId} has no active listing`);
  return listing.listing_id;
}

export type Operation = { operation: string; floor: number; request: (base: string) => Request };

/** The three calls both servers answer: Bo's first listing, a page of 25 of his listings, a personalization write. */
export async function benchOperations(sandboxUrl: string): Promise<Operation[]> {
  const token = (await issueTokensFor(sandboxUrl, { user_id: BO.user_id, scopes: ["listings_r", "listings_w"] }))
    .access_token;
  const listingId = await firstListingOf(sandboxUrl, token, BO.shop_id as number);
  const headers = { "x-api-key": API_KEY, authorization: `Bearer ${token}` };
  return [
    {
      operation: "getListing",
      floor: PRISM_FLOOR.getListing,
      request: (base) => ({ url: `${base}/v3/application/listings/${listingId}`, headers }),
    },
    {
      operation: "getListingsByShop (25, includes=personalization)",
      floor: PRISM_FLOOR.page,
      request: (base) => ({
        url: `${base}/v3/application/shops/${BO.shop_id}/listings?limit=25&includes=Personalization`,
        headers,
      }),
    },
    {
      operation: "updateListingPersonalization (POST)",
      floor: PRISM_FLOOR.post,
      request: (base) => ({
        url: `${base}/v3/application/shops/${BO.shop_id}/listings/${listingId}/personalization`,
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: personalizationBody,
      }),
    },
  ];
}

/** Pins a process group's every process (and thread) to the server's core; returns whether it could. */
function pinGroup(pgid: number, cpuList: string) {
  return processGroup(pgid).every(({ pid }) => pin(pid, cpuList));
}

async function bodyBytes(request: Request) {
  const response = await fetch(request.url, {
    method: request.method ?? "GET",
    headers: request.headers,
    body: request.body,
  });
  const body = await response.arrayBuffer();
  if (!response.ok)
    throw new Error(
      `${request.method ?? "GET"} ${request.url} answered ${response.status}: ${Buffer.from(body).toString().slice(0, 200)}`,
    );
  return body.byteLength;
}

const prismVersion = () => {
  try {
    return (JSON.parse(readFileSync("node_modules/@stoplight/prism-cli/package.json", "utf8")) as { version: string })
      .version;
  } catch {
    return "unknown";
  }
};

export async function compareWithPrism(options: {
  sandbox: BenchSandbox;
  connections: number;
  seconds: number;
  rounds: number;
  log: (line: string) => void;
}): Promise<PrismResult | { skipped: string }> {
  const { sandbox, log } = options;
  const sandboxUrl = sandbox.url;
  const spec = join(tmpdir(), `sandbox-openapi-${process.pid}.json`);
  writeFileSync(spec, await (await fetch(`${sandboxUrl}/openapi.json`)).text());
  let prism: Group | undefined;
  const prismPort = await freePort();
  const prismUrl = `http://localhost:${prismPort}`;
  try {
    prism = spawnGroup("prism", process.execPath, [
      "node_modules/@stoplight/prism-cli/dist/index.js",
      "mock",
      "-h",
      "localhost",
      "-p",
      String(prismPort),
      "-v",
      "error",
      spec,
    ]);
    await waitForOk(`${prismUrl}/v3/application/openapi-ping`, 60_000, { headers: { "x-api-key": API_KEY } });
  } catch (error) {
    await prism?.stop();
    rmSync(spec, { force: true });
    return { skipped: `Prism could not be started here: ${(error as Error).message}` };
  }
  const pinned =
    CORES !== undefined && pin(sandbox.pid, CORES.server) && pinGroup(prism.child.pid as number, CORES.server);
  log(
    pinned
      ? `servers pinned to core ${CORES?.server}, wrk to core ${CORES?.generator}`
      : "servers and wrk not pinned (one core, or taskset refused)",
  );
  const prismPid = prism.child.pid as number;
  try {
    const operations = await benchOperations(sandboxUrl);
    const comparisons: Comparison[] = [];
    for (const { operation, floor, request } of operations) {
      const comparison: Comparison = {
        operation,
        floor,
        bodyBytes: { sandbox: await bodyBytes(request(sandboxUrl)), prism: await bodyBytes(request(prismUrl)) },
        sandbox: [],
        prism: [],
      };
      // Warm-up: both servers compile their hot paths before anything is counted.
      await wrk(request(sandboxUrl), options.connections, 1);
      await wrk(request(prismUrl), options.connections, 1);
      for (let round = 0; round < options.rounds; round++) {
        comparison.sandbox.push(await wrk(request(sandboxUrl), options.connections, options.seconds, sandbox.pid));
        comparison.prism.push(await wrk(request(prismUrl), options.connections, options.seconds, prismPid));
      }
      const [ours, theirs] = [
        median(comparison.sandbox.map((run) => run.rps)),
        median(comparison.prism.map((run) => run.rps)),
      ];
      log(
        `${operation}: sandbox ${ours.toFixed(0)} req/s, Prism ${theirs.toFixed(0)} req/s (${prismVerdict(comparison).ratio.toFixed(2)}x); bodies ${comparison.bodyBytes.sandbox} / ${comparison.bodyBytes.prism} bytes`,
      );
      comparisons.push(comparison);
    }
    return {
      comparisons,
      connections: options.connections,
      seconds: options.seconds,
      rounds: options.rounds,
      pinned,
      prismVersion: prismVersion(),
      generatorPeak: Math.max(
        ...comparisons.flatMap((comparison) =>
          [...comparison.sandbox, ...comparison.prism].map((run) => run.generatorCpu),
        ),
      ),
    };
  } finally {
    if (CORES) pin(sandbox.pid, CORES.all);
    await prism.stop();
    rmSync(spec, { force: true });
  }
}

/**
 * Each sandbox run over the Prism run right after it, then the median: pairs taken seconds apart cancel most of the
 * drift of these machines.
 */
export function prismVerdict(comparison: Comparison) {
  const ratio = median(comparison.sandbox.map((run, round) => run.rps / (comparison.prism[round]?.rps ?? Number.NaN)));
  const { sandbox, prism } = comparison.bodyBytes;
  const sizesEqual = Math.abs(sandbox - prism) <= PRISM_FLOOR.sizeTolerance * Math.max(sandbox, prism);
  return { ratio, sizesEqual, met: ratio >= comparison.floor && sizesEqual };
}

if (process.argv[1]?.endsWith("bench/sandbox/prism.ts")) {
  const { options } = wholeNumberOptions({ seconds: 3, rounds: 5 });
  const log = (line: string) => console.log(`[prism] ${line}`);
  try {
    const sandbox = await startBenchSandbox();
    const result = await compareWithPrism({
      sandbox,
      connections: 10,
      ...options,
      log,
    });
    if ("skipped" in result) log(result.skipped);
    else
      for (const comparison of result.comparisons) {
        const verdict = prismVerdict(comparison);
        log(
          `${comparison.operation}: ${verdict.ratio.toFixed(2)}x (floor ${comparison.floor}x): ${verdict.met ? "met" : "MISSED"}`,
        );
      }
  } finally {
    await stopAll();
  }
}
