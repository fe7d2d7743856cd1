// Part 1: the sandbox against Stoplight Prism mocking the sandbox's own /openapi.json, alternating the two servers.
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_APP, DEMO_SELLERS } from "../sandbox/seed.js";
import { cannon, median, type Request, type Throughput } from "./load.js";
import { spawnGroup, waitForOk, type Group } from "./processes.js";

export type Comparison = {
  operation: string;
  sandbox: Throughput[];
  prism: Throughput[];
};

export type MockResult = { comparisons: Comparison[]; connections: number; seconds: number; rounds: number } | { skipped: string };

const API_KEY = `${DEMO_APP.keystring}:${DEMO_APP.shared_secret}`;
const BO = DEMO_SELLERS.bo;

export async function sandboxToken(sandboxUrl: string, userId: number, scopes: string[], keystring: string = DEMO_APP.keystring) {
  const response = await fetch(`${sandboxUrl}/__sandbox/tokens`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ keystring, user_id: userId, scopes }) });
  if (!response.ok) throw new Error(`POST /__sandbox/tokens answered ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

export const personalizationBody = JSON.stringify({
  personalization_questions: [{ question_type: "text_input", question_text: "Personalization", instructions: "Name to engrave, up to 12 letters.", required: true, max_allowed_characters: 12 }],
});

async function firstListingOf(sandboxUrl: string, token: string, shopId: number) {
  const response = await fetch(`${sandboxUrl}/v3/application/shops/${shopId}/listings?limit=1`, { headers: { "x-api-key": API_KEY, authorization: `Bearer ${token}` } });
  const page = (await response.json()) as { results: { listing_id: number }[] };
  const listing = page.results[0];
  if (!listing) throw new Error(`shop ${shopId} has no active listing`);
  return listing.listing_id;
}

export type Operation = { operation: string; request: (base: string) => Request };

/** The three calls both servers answer: Bo's first listing, a page of 25 of his listings, a personalization write. */
export async function benchOperations(sandboxUrl: string): Promise<Operation[]> {
  const token = await sandboxToken(sandboxUrl, BO.user_id, ["listings_r", "listings_w"]);
  const listingId = await firstListingOf(sandboxUrl, token, BO.shop_id as number);
  const headers = { "x-api-key": API_KEY, authorization: `Bearer ${token}` };
  return [
    { operation: "getListing", request: (base) => ({ url: `${base}/v3/application/listings/${listingId}`, headers }) },
    {
      operation: "getListingsByShop (25, includes=personalization)",
      request: (base) => ({ url: `${base}/v3/application/shops/${BO.shop_id}/listings?limit=25&includes=personalization`, headers }),
    },
    {
      operation: "updateListingPersonalization (POST)",
      request: (base) => ({
        url: `${base}/v3/application/shops/${BO.shop_id}/listings/${listingId}/personalization`,
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: personalizationBody,
      }),
    },
  ];
}

export async function compareWithPrism(options: { sandboxUrl: string; prismPort: number; connections: number; seconds: number; rounds: number; log: (line: string) => void }): Promise<MockResult> {
  const { sandboxUrl, log } = options;
  const spec = join(tmpdir(), `sandbox-openapi-${process.pid}.json`);
  writeFileSync(spec, await (await fetch(`${sandboxUrl}/openapi.json`)).text());
  let prism: Group | undefined;
  const prismUrl = `http://127.0.0.1:${options.prismPort}`;
  try {
    prism = spawnGroup("prism", process.execPath, ["node_modules/@stoplight/prism-cli/dist/index.js", "mock", "-h", "127.0.0.1", "-p", String(options.prismPort), "-v", "error", spec]);
    await waitForOk(`${prismUrl}/v3/application/openapi-ping`, 60_000, { headers: { "x-api-key": API_KEY } });
  } catch (error) {
    await prism?.stop();
    return { skipped: `Prism could not be started here: ${(error as Error).message}` };
  }
  try {
    const operations = await benchOperations(sandboxUrl);
    const comparisons: Comparison[] = [];
    for (const { operation, request } of operations) {
      const comparison: Comparison = { operation, sandbox: [], prism: [] };
      for (let round = 0; round < options.rounds; round++) {
        comparison.sandbox.push(await cannon(request(sandboxUrl), options.connections, options.seconds));
        comparison.prism.push(await cannon(request(prismUrl), options.connections, options.seconds));
      }
      const ratio = median(comparison.sandbox.map((run) => run.rps)) / median(comparison.prism.map((run) => run.rps));
      log(`${operation}: sandbox ${median(comparison.sandbox.map((run) => run.rps)).toFixed(0)} req/s, Prism ${median(comparison.prism.map((run) => run.rps)).toFixed(0)} req/s (${ratio.toFixed(1)}x)`);
      comparisons.push(comparison);
    }
    return { comparisons, connections: options.connections, seconds: options.seconds, rounds: options.rounds };
  } finally {
    await prism.stop();
  }
}
