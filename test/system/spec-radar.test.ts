import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openApiDocumentAt } from "../../sandbox/openapi/overlays";
import { startSandbox, type RunningSandbox } from "../../sandbox/server";
import { freePort, startDashboard, type DashboardProcess } from "../harness/dashboard-process";

// The built dashboard reads the published document as it starts (SPEC_RADAR_URL), here a local one that removes a
// field its listing reads parse, and says so on readiness, in the metrics and in its log.
const METRICS_TOKEN = randomBytes(24).toString("hex");
type Schemas = Record<string, { properties: Record<string, unknown> }>;
const published = openApiDocumentAt() as { components: { schemas: Schemas } };
delete published.components.schemas.ShopListingWithAssociations!.properties.listing_id;

let documents: Server;
let sandbox: RunningSandbox;
let dashboard: DashboardProcess;
let folder: string;
let logText = "";
let reads = 0;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), "spec-radar-"));
  documents = createServer((_request, response) => {
    reads += 1;
    response.setHeader("content-type", "application/json");
    response.end(JSON.stringify(published));
  });
  await new Promise<void>((resolve) => documents.listen(0, "localhost", resolve));
  sandbox = await startSandbox({ port: 0, db: ":memory:" });
  dashboard = await startDashboard({
    port: await freePort(),
    sandboxUrl: sandbox.url,
    dashboardDb: join(folder, "dashboard.db"),
    stdio: "pipe",
    env: {
      METRICS_TOKEN,
      SPEC_RADAR_URL: `http://localhost:${(documents.address() as { port: number }).port}/oas.json`,
    },
  });
  dashboard.process.stdout?.on("data", (chunk: Buffer) => (logText += chunk.toString()));
}, 120_000);
afterAll(async () => {
  await dashboard?.stop();
  await sandbox?.close();
  await new Promise((resolve) => documents.close(resolve));
  rmSync(folder, { recursive: true, force: true });
});

async function radarCheck() {
  for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
    const body = (await (await fetch(`${dashboard.url}/api/health/ready`)).json()) as {
      checks: { specRadar: { status: string; operations?: string[] } };
    };
    if (body.checks.specRadar.status !== "not checked yet") return body.checks.specRadar;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("The spec radar did not check the document within 30 seconds of the start.");
}

describe("the built dashboard's spec radar", () => {
  it("warns on readiness with the operations a breaking change hits, in the metrics and in the log, read once", async () => {
    const check = await radarCheck();
    expect(check).toMatchObject({ status: "warning" });
    expect(check.operations).toContain("GET /v3/application/listings/{listing_id} (getListing)");
    const metrics = await (
      await fetch(`${dashboard.url}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    ).text();
    expect(metrics).toMatch(/^marketplace_spec_differences\{class="breaking",used_by_dashboard="true"\} 3$/m);
    const warned = logText
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { level?: unknown; msg: string; operations?: string[] })
      .find((line) => line.msg.startsWith("The marketplace's published OpenAPI document has"));
    expect(warned?.operations).toEqual(check.operations);
    await fetch(`${dashboard.url}/api/health/ready`);
    expect(reads).toBe(1);
  });
});
