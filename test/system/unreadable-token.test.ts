import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startSandbox, type RunningSandbox } from "../../sandbox/server";
import { DEMO_SELLERS } from "../../sandbox/store/seed";
import { openDatabase } from "../../lib/db/database";
import { tokenStore } from "../../lib/tokens/token-store";
import { tokenKeyring } from "../../lib/tokens/token-keys";
import { freePort, startDashboard, type DashboardProcess } from "../harness/dashboard-process";
import { signInOverHttp } from "../harness/http-sign-in";

// docs/deploy.md: one stored token row sealed with a key no instance has any more fails only its own seller.
const METRICS_TOKEN = randomBytes(24).toString("hex");
const BO = DEMO_SELLERS.bo;
let sandbox: RunningSandbox;
let dashboard: DashboardProcess;
let folder: string;
let logText = "";

const unreadableGauge = async () => {
  const text = await (
    await fetch(`${dashboard.url}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  return Number(/^seller_tokens_unreadable (\d+)$/m.exec(text)?.[1]);
};

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), "unreadable-token-"));
  const file = join(folder, "dashboard.db");
  const db = await openDatabase(file);
  const retiredKey = randomBytes(32).toString("base64url");
  await tokenStore(db, tokenKeyring({ AUTH_SECRET: retiredKey })).save({
    userId: BO.user_id,
    accessToken: "bo.access",
    refreshToken: "bo.refresh",
    accessExpiresAt: Date.now() + 3_600_000,
    scopes: ["listings_r"],
  });
  await db.close();
  sandbox = await startSandbox({ port: 0, db: ":memory:" });
  dashboard = await startDashboard({
    port: await freePort(),
    sandboxUrl: sandbox.url,
    dashboardDb: file,
    stdio: "pipe",
    env: { METRICS_TOKEN },
  });
  dashboard.process.stdout?.on("data", (chunk: Buffer) => (logText += chunk.toString()));
}, 120_000);

afterAll(async () => {
  await dashboard?.stop();
  await sandbox?.close();
  rmSync(folder, { recursive: true, force: true });
});

it("another seller signs in and sees their listings while one stored row cannot be opened, which the operator sees by seller", async () => {
  const ada = await signInOverHttp(dashboard.url, DEMO_SELLERS.ada);
  const listings = await fetch(`${dashboard.url}/listings`, { headers: { cookie: ada.cookie } });
  expect(listings.status).toBe(200);
  expect(await listings.text()).toContain("Listings");
  expect(await unreadableGauge()).toBe(1);
  const warning = logText
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .find((line) => line.operation === "seal-tokens");
  expect(warning).toMatchObject({ userId: BO.user_id, level: 40, reason: expect.stringMatching(/not configured/) });
  expect(logText).not.toContain("bo.access");
});

it("the seller of that row signs in again, which replaces it", async () => {
  await signInOverHttp(dashboard.url, BO);
  expect(await unreadableGauge()).toBe(0);
});
