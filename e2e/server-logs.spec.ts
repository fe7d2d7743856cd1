import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { E2E } from "./ports";
import { control, dashboardApp, dashboardTokens, newSeller, signIn } from "./sandbox-control";

type LogLine = { msg: string; status?: number; ms?: number; operation?: string };

const logLines = (): LogLine[] =>
  readFileSync(E2E.dashboardLog, "utf8")
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as LogLine);

// Requests are logged by HAProxy in front (docs/deploy.md, test/system/operations.test.ts); the dashboard logs its own work.
test("the dashboard's logs of this run hold marketplace-call lines, and no token, secret or cookie of a seller who signed in and was refreshed", async ({
  page,
  context,
}) => {
  const seller = await newSeller(2);
  await signIn(page, seller);
  await expect(page.getByRole("heading", { name: `Welcome, TestShop${seller.user_id}` })).toBeVisible();
  const first = dashboardTokens(seller.user_id);
  await control("/clock", { advance_seconds: 3700 });
  await page.goto("/listings?state=active&page=1");
  await expect(page.getByText("Showing 1–2 of 2")).toBeVisible();
  const second = dashboardTokens(seller.user_id);
  expect(second?.access_token).not.toBe(first?.access_token);

  const lines = logLines();
  expect(
    lines.some(
      (line) => line.msg === "marketplace call" && line.operation === "refresh_token grant" && line.status === 200,
    ),
  ).toBe(true);
  expect(
    lines.some(
      (line) =>
        line.msg === "marketplace call" && line.operation === "getListingsByShop" && typeof line.ms === "number",
    ),
  ).toBe(true);

  const cookies = (await context.cookies())
    .filter((cookie) => cookie.value.length >= 16)
    .map((cookie) => [`cookie ${cookie.name}`, cookie.value] as const);
  expect(cookies.some(([name]) => name.includes("session-token"))).toBe(true);
  const secrets = [
    ["access token", first!.access_token],
    ["refresh token", first!.refresh_token],
    ["new access token", second!.access_token],
    ["new refresh token", second!.refresh_token],
    ["shared secret", dashboardApp().shared_secret],
    ...cookies,
  ];
  const text = readFileSync(E2E.dashboardLog, "utf8");
  expect(secrets.filter(([, value]) => text.includes(value)).map(([name]) => name)).toEqual([]);
});
