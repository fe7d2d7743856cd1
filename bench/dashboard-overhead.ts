// Part 2: what the dashboard adds to the marketplace calls it makes, timed one request at a time.
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startDashboard, type DashboardProcess } from "../test/harness/dashboard-process.js";
import { signInOverHttp } from "../test/harness/http-sign-in.js";
import { DEMO_SELLERS } from "../sandbox/store/seed.js";
import { alternate } from "./load.js";
import { personalizationBody } from "./mock-vs-sandbox.js";
import { sandboxToken } from "./sandbox-memory.js";

export type Overhead = { name: string; through: string; direct: string; dashboardMs: number[]; directMs: number[] };

const ADA = DEMO_SELLERS.ada;
const LISTING = 1_000_000_001;

/** The id this build gave updatePersonalizationAction (it changes with every build). */
export function saveActionId(distDir: string) {
  const manifest = JSON.parse(readFileSync(`${distDir}/server/server-reference-manifest.json`, "utf8")) as {
    node: Record<string, { filename: string; exportedName: string }>;
  };
  const found = Object.entries(manifest.node).find(
    ([, entry]) =>
      entry.filename === "app/listings/[id]/update-personalization.ts" &&
      entry.exportedName === "updatePersonalizationAction",
  );
  if (!found) throw new Error(`updatePersonalizationAction is not in ${distDir}/server/server-reference-manifest.json`);
  return found[0];
}

async function expectOk(response: Response, what: string, check?: (text: string) => boolean) {
  const text = await response.text();
  if (response.status >= 300 || (check && !check(text)))
    throw new Error(`${what} answered ${response.status}: ${text.slice(0, 300)}`);
}

export async function measureOverhead(options: {
  sandboxUrl: string;
  port: number;
  distDir: string;
  rounds: number;
  log: (line: string) => void;
}) {
  process.env.NEXT_DIST_DIR = options.distDir;
  let dashboard: DashboardProcess | undefined;
  try {
    dashboard = await startDashboard({
      port: options.port,
      sandboxUrl: options.sandboxUrl,
      stdio: "ignore",
      dashboardDb: join(tmpdir(), `bench-dashboard-${process.pid}.db`),
    });
    const { url, app } = dashboard;
    const { cookie } = await signInOverHttp(url, ADA);
    const token = await sandboxToken(
      options.sandboxUrl,
      ADA.user_id,
      ["listings_r", "listings_w", "shops_r"],
      app.keystring,
    );
    const api = { "x-api-key": `${app.keystring}:${app.shared_secret}`, authorization: `Bearer ${token}` };
    const actionId = saveActionId(options.distDir);
    const question = { instructions: "Name to engrave, up to 12 letters.", maxAllowedCharacters: 12, required: true };

    const viaAction = () =>
      fetch(`${url}/listings/${LISTING}`, {
        method: "POST",
        headers: {
          cookie,
          "next-action": actionId,
          "content-type": "text/plain;charset=UTF-8",
          accept: "text/x-component",
        },
        body: JSON.stringify([{ listingId: LISTING, question }]),
      }).then((response) => expectOk(response, "the save action", (text) => text.includes('"ok":true')));
    const direct = () =>
      fetch(`${options.sandboxUrl}/v3/application/shops/${ADA.shop_id}/listings/${LISTING}/personalization`, {
        method: "POST",
        headers: { ...api, "content-type": "application/json" },
        body: personalizationBody,
      }).then((response) => expectOk(response, "updateListingPersonalization"));
    const save = await alternate(viaAction, direct, options.rounds);

    const page = () =>
      fetch(`${url}/listings`, { headers: { cookie } }).then((response) =>
        expectOk(response, "the listings page", (text) => text.includes(`/listings/${LISTING}`)),
      );
    const upstream = () =>
      fetch(
        `${options.sandboxUrl}/v3/application/shops/${ADA.shop_id}/listings?state=active&limit=25&offset=0&includes=personalization`,
        { headers: api },
      ).then((response) => expectOk(response, "getListingsByShop"));
    const listings = await alternate(page, upstream, options.rounds);

    const results: Overhead[] = [
      {
        name: "Save personalization",
        through: "server action `updatePersonalizationAction` (POST /listings/[id])",
        direct: "POST …/personalization to the sandbox",
        dashboardMs: save.a,
        directMs: save.b,
      },
      {
        name: "Listings page",
        through: "GET /listings (HTML, signed in)",
        direct: "its upstream call, getListingsByShop (25, includes=personalization)",
        dashboardMs: listings.a,
        directMs: listings.b,
      },
    ];
    return results;
  } finally {
    await dashboard?.stop();
  }
}
