import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, findBrowser, HOW_TO_GET_ONE } from "./scripts/find-browser";
import { E2E, E2E_SLOTS, e2eSlot } from "./e2e/ports";

const executablePath = findBrowser();
if (!executablePath) throw new Error(HOW_TO_GET_ONE);

export default defineConfig({
  testDir: "e2e",
  // Each worker has its own sandbox and dashboard (e2e/ports.ts), and each test makes its own seller.
  workers: E2E_SLOTS,
  // The longest journeys (the listings page's accessibility states) ran past 60 s with two workers on two busy cores.
  timeout: E2E_SLOTS > 1 ? 90_000 : 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: true,
  reporter: "list",
  outputDir: "test-results/playwright",
  use: {
    baseURL: E2E.dashboardUrl,
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
    screenshot: "only-on-failure",
    // A trace records every action of every test and costs a fifth of the run's CPU: E2E_TRACE=1 keeps one per failure.
    trace: process.env.E2E_TRACE ? "retain-on-failure" : "off",
  },
  webServer: Array.from({ length: E2E_SLOTS }, (_, slot) => [
    {
      // The browser tests were written for the migration period; they switch phases themselves where they need to.
      command: `npx tsx sandbox/main.ts --port ${e2eSlot(slot).sandboxPort} --phase migration`,
      url: `${e2eSlot(slot).sandboxUrl}/`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: "npx tsx e2e/serve-dashboard.ts",
      env: { E2E_SLOT: String(slot) },
      url: `${e2eSlot(slot).dashboardUrl}/sign-in`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "pipe" as const,
    },
  ]).flat(),
});
