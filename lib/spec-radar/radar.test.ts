import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openApiDocumentAt } from "../../sandbox/openapi/overlays";
import { openDatabase, type Database } from "../db/database";
import { metrics } from "../observability/metrics";
import { readiness } from "../readiness/readiness";
import { dashboardUsage } from "./dashboard-usage";
import { RADAR_EVERY_MS, specRadar } from "./radar";

type Schemas = Record<string, { properties: Record<string, unknown> }>;
const sandboxDocument = openApiDocumentAt();
const withoutListingId = structuredClone(sandboxDocument) as { components: { schemas: Schemas } };
delete withoutListingId.components.schemas.ShopListingWithAssociations!.properties.listing_id;

// The schema is the answer of three reads the dashboard makes.
const HIT = [
  "GET /v3/application/listings/batch (getListingsByListingIds)",
  "GET /v3/application/listings/{listing_id} (getListing)",
  "GET /v3/application/shops/{shop_id}/listings (getListingsByShop)",
];

const served = { "/quiet.json": 0, "/breaking.json": 0 };
let server: Server;
let origin: string;
let database: Database;

beforeAll(async () => {
  database = await openDatabase(":memory:");
  server = createServer((request, response) => {
    const path = request.url as keyof typeof served;
    if (!(path in served)) return void response.writeHead(404).end();
    served[path] += 1;
    response.setHeader("content-type", "application/json");
    response.end(JSON.stringify(path === "/quiet.json" ? sandboxDocument : withoutListingId));
  });
  await new Promise<void>((resolve) => server.listen(0, "localhost", resolve));
  origin = `http://localhost:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await database.close();
});

function radarOn(path: keyof typeof served) {
  const clock = { now: Date.parse("2026-12-02T06:00:00Z") };
  const logged: { level: string; entry: Record<string, unknown> }[] = [];
  const log = {
    info: (entry: Record<string, unknown>) => void logged.push({ level: "info", entry }),
    warn: (entry: Record<string, unknown>) => void logged.push({ level: "warn", entry }),
  };
  const radar = specRadar({
    source: `${origin}${path}`,
    base: () => openApiDocumentAt(),
    usage: dashboardUsage,
    log: log as never,
    now: () => clock.now,
  });
  const ready = () =>
    readiness({ database: async () => database, marketplace: async () => ({ ok: true }), specRadar: radar.finding });
  return { radar, clock, logged, ready };
}

const gauge = async (labels: { class: string; used_by_dashboard: string }) =>
  (await metrics().specDifferences.get()).values.find(
    (value) => value.labels.class === labels.class && value.labels.used_by_dashboard === labels.used_by_dashboard,
  )?.value;

describe("the spec radar, once a day on the dashboard's clock", () => {
  it("warns on readiness, in the log and in a metric when the published document removes a field the dashboard reads", async () => {
    const { radar, clock, logged, ready } = radarOn("/breaking.json");
    expect((await ready()).checks.specRadar).toMatchObject({ ok: true, status: "not checked yet" });

    await radar.tick();
    const answer = await ready();
    expect(answer.ready).toBe(true);
    expect(answer.checks.specRadar).toMatchObject({
      ok: true,
      status: "warning",
      operations: HIT,
    });
    expect(answer.checks.specRadar.warning).toMatch(/3 breaking change\(s\) to what the dashboard uses/);
    expect(Object.keys(answer.checks.specRadar).sort()).toEqual(["ms", "ok", "operations", "status", "warning"]);
    expect(logged).toEqual([
      {
        level: "warn",
        entry: expect.objectContaining({ operations: HIT }),
      },
    ]);
    expect(await gauge({ class: "breaking", used_by_dashboard: "true" })).toBe(3);

    clock.now += RADAR_EVERY_MS - 1;
    await radar.tick();
    expect(served["/breaking.json"]).toBe(1);
    clock.now += 1;
    await radar.tick();
    expect(served["/breaking.json"]).toBe(2);
  });

  it("is quiet when the published document is the sandbox's", async () => {
    const { radar, logged, ready } = radarOn("/quiet.json");
    await radar.tick();
    expect((await ready()).checks.specRadar).toMatchObject({ ok: true, status: "quiet", breaking: 0 });
    expect(logged.map(({ level }) => level)).toEqual(["info"]);
    expect(await gauge({ class: "breaking", used_by_dashboard: "true" })).toBe(0);
  });

  it("reads the document once for checks asked at the same time", async () => {
    const { radar } = radarOn("/quiet.json");
    const before = served["/quiet.json"];
    await Promise.all([radar.tick(), radar.tick(), radar.check()]);
    expect(served["/quiet.json"]).toBe(before + 1);
  });

  it("says why on readiness when the document cannot be read, and stays ready", async () => {
    const { radar, ready } = radarOn("/missing.json" as never);
    await radar.tick();
    const answer = await ready();
    expect(answer.ready).toBe(true);
    expect(answer.checks.specRadar).toMatchObject({
      status: "unreadable",
      error: expect.stringMatching(/missing\.json answered 404 instead of the document/),
    });
  });
});
