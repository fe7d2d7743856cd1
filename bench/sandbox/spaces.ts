// Spaces on one sandbox process, as integrators' CI jobs use them: created in batches, each given a seller with listings,
// a token, reads and a clock of its own; the sandbox's resident memory after each batch gives the memory a space costs.
// Then every space at once, each client calling its own. `npx tsx bench/sandbox/spaces.ts [--spaces 50] [--listings 20]`
// runs this part alone.
import { controlOk, createSeller, DEMO_API_KEY, issueTokensFor } from "../../test/harness/sandbox.js";
import { rssMb, startBenchSandbox, stopAll } from "../processes.js";
import { runWithOptions } from "../load/bench-part.js";
import { mapLimit, median, ms, percentile, timed } from "../stats.js";

/** The floor: 50 spaces on one process, each costing at most this much resident memory (median of the batches). */
export const SPACES_FLOOR = { spaces: 50, mbPerSpace: 5 };
const BATCH = 10;
const ROUNDS_AT_ONCE = 20;

export type SpacesFigures = {
  spaces: number;
  listings: number;
  /** Resident memory before any space and with all of them, in MB. */
  rssBeforeMb: number;
  rssAfterMb: number;
  /** Per batch of spaces: the growth of resident memory over the batch, divided by its spaces. */
  mbPerSpaceByBatch: number[];
  createMs: number[];
  /** Every space's client at once, each reading its own listings; latency of one read in ms. */
  atOnce: { requests: number; seconds: number; p50Ms: number; p99Ms: number; failures: number };
};

type Used = { base: string; token: string; shopId: number };

/** A space as a CI job starts one: created, a seller with listings, its clock moved a day, a token, a read. */
async function useSpace(sandboxUrl: string, listings: number, createMs: number[]): Promise<Used> {
  let base = "";
  createMs.push(
    await timed(async () => void (base = (await controlOk<{ base_url: string }>(sandboxUrl, "/spaces", {})).base_url)),
  );
  const seller = await createSeller(base, { listings });
  await controlOk(base, "/clock", { advance_seconds: 86_400 });
  const { access_token } = await issueTokensFor(base, { user_id: seller.user_id, scopes: ["listings_r"] });
  const used = { base, token: access_token, shopId: seller.shop_id as number };
  await read(used);
  await controlOk(base, "/requests?method=GET");
  return used;
}

async function read(space: Used) {
  const response = await fetch(`${space.base}/v3/application/shops/${space.shopId}/listings?limit=25`, {
    headers: { "x-api-key": DEMO_API_KEY, authorization: `Bearer ${space.token}` },
  });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`a read in ${space.base} answered ${response.status}`);
}

export async function measureSpaces(
  options: { spaces: number; listings: number; log?: (line: string) => void } = {
    spaces: SPACES_FLOOR.spaces,
    listings: 20,
  },
): Promise<SpacesFigures> {
  const log = options.log ?? console.log;
  const sandbox = await startBenchSandbox();
  try {
    // The default world warmed first, so the first space does not pay for code loaded once per process.
    const warm = await useSpace(sandbox.url, options.listings, []);
    await fetch(`${sandbox.url}/__sandbox/spaces/${warm.base.split("/").pop()}`, { method: "DELETE" });
    const rssBeforeMb = rssMb(sandbox.pid);
    const createMs: number[] = [];
    const mbPerSpaceByBatch: number[] = [];
    const used: Used[] = [];
    for (let made = 0; made < options.spaces;) {
      const batch = Math.min(BATCH, options.spaces - made);
      const before = rssMb(sandbox.pid);
      for (let index = 0; index < batch; index++) used.push(await useSpace(sandbox.url, options.listings, createMs));
      made += batch;
      mbPerSpaceByBatch.push((rssMb(sandbox.pid) - before) / batch);
      log(`${made} spaces: ${rssMb(sandbox.pid).toFixed(0)} MB resident`);
    }
    const times: number[] = [];
    let failures = 0;
    const started = performance.now();
    await mapLimit(used, used.length, async (space) => {
      for (let round = 0; round < ROUNDS_AT_ONCE; round++)
        times.push(
          await timed(() =>
            read(space).catch(() => {
              failures += 1;
            }),
          ),
        );
    });
    const seconds = (performance.now() - started) / 1000;
    return {
      spaces: options.spaces,
      listings: options.listings,
      rssBeforeMb,
      rssAfterMb: rssMb(sandbox.pid),
      mbPerSpaceByBatch,
      createMs,
      atOnce: {
        requests: times.length,
        seconds,
        p50Ms: percentile(times, 50),
        p99Ms: percentile(times, 99),
        failures,
      },
    };
  } finally {
    await sandbox.stop();
  }
}

export const mbPerSpace = (figures: SpacesFigures) => median(figures.mbPerSpaceByBatch);

export const spacesMet = (figures: SpacesFigures) =>
  figures.spaces >= SPACES_FLOOR.spaces &&
  mbPerSpace(figures) <= SPACES_FLOOR.mbPerSpace &&
  figures.atOnce.failures === 0;

export function describeSpaces(figures: SpacesFigures): string[] {
  return [
    `${figures.spaces} spaces on one sandbox process, each with a seller of ${figures.listings} listings, a token, reads and its clock moved:`,
    `  resident memory ${figures.rssBeforeMb.toFixed(0)} MB before, ${figures.rssAfterMb.toFixed(0)} MB with them all`,
    `  memory per space: median ${mbPerSpace(figures).toFixed(2)} MB over batches of ${BATCH} (${figures.mbPerSpaceByBatch.map((value) => value.toFixed(2)).join(", ")})`,
    `  creating a space: p50 ${ms(median(figures.createMs))} ms, p99 ${ms(percentile(figures.createMs, 99))} ms`,
    `  every space at once, ${ROUNDS_AT_ONCE} reads of 25 listings each: ${figures.atOnce.requests} reads in ${figures.atOnce.seconds.toFixed(1)} s, p50 ${ms(figures.atOnce.p50Ms)} ms, p99 ${ms(figures.atOnce.p99Ms)} ms, ${figures.atOnce.failures} failed`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    await runWithOptions({
      defaults: { spaces: SPACES_FLOOR.spaces, listings: 20 },
      measure: measureSpaces,
      describe: describeSpaces,
      met: spacesMet,
    });
  } finally {
    await stopAll();
  }
}
