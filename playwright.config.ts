import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, findBrowser, HOW_TO_GET_ONE } from "./scripts/find-browser";
import { E2E } from "./e2e/ports";

const executablePath = findBrowser();
if (!executablePath) throw new Error(HOW_TO_GET_ONE);

export default defineConfig({
  testDir: "e2e",
  // One dashboard and one sandbox serve every test; each test makes its own seller, so order does not matter.
  workers: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: true,
  reporter: "list",
  outputDir: "test-results/playwright",
  use: {
    baseURL: E2E.dashboardUrl,
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
  },
  webServer: [
    {
      // The browser tests were written for the migration period; they switch phases themselves where they need to.
      command: `npx tsx sandbox/main.ts --port ${E2E.sandboxPort} --phase migration`,
      url: `${E2E.sandboxUrl}/`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: "npx tsx e2e/serve-dashboard.ts",
      url: `${E2E.dashboardUrl}/sign-in`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "pipe",
    },
  ],
});
