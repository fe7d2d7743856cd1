// npm test: every runner in turn (vitest, then Playwright), then one line "N passed, N failed" summed over them.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync } from "node:fs";
import { findBrowser, HOW_TO_GET_ONE } from "./find-browser";
import { ensureSystemPackages, installCommand } from "./system-packages";

mkdirSync("test-results", { recursive: true });

// A bare machine gets what the tests need (Chromium, PostgreSQL, HAProxy) from Debian, or the one command that does it.
const stillMissing = ensureSystemPackages();
if (stillMissing.length > 0) {
  console.log(
    `\nThe tests need ${stillMissing.join(", ")}, which could not be installed here. Run as root, then \`npm test\` again:\n  ${installCommand(stillMissing)}`,
  );
  console.log("\n0 passed, 1 failed");
  process.exit(1);
}
const totals = { passed: 0, failed: 0, skipped: 0 };
let broken = false;
const took: [string, number][] = [];
const started = performance.now();

function run(name: string, command: string, args: string[], env: Record<string, string> = {}) {
  console.log(`\n=== ${name}: ${command} ${args.join(" ")}`);
  const start = performance.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  took.push([name, performance.now() - start]);
  if (result.status !== 0) broken = true;
  return result.status;
}

const minutes = (ms: number) => `${(ms / 60_000).toFixed(1)} min`;

type VitestReport = {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  success: boolean;
};
type PlaywrightReport = {
  stats?: { expected: number; flaky: number; unexpected: number; skipped: number };
  errors?: unknown[];
};

function readJson<T>(path: string): T | undefined {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return undefined;
  }
}

// Lint, format and types count as one check each: a warning is a defect like a failing test.
for (const [name, args] of [
  ["lint and format", ["run", "lint"]],
  ["typecheck", ["run", "typecheck"]],
] as const) {
  if (run(name, "npm", [...args]) === 0) totals.passed += 1;
  else totals.failed += 1;
}

// The dashboard's multi-instance, attack and browser tests run against the production build. Its server-actions key is
// this run's own, as a deploy's is its own (next.config.js); the rolling-deploy test builds its second build with it.
run("production build of the dashboard", "npx", ["next", "build"], {
  NEXT_TELEMETRY_DISABLED: "1",
  NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
});

run("unit and integration (vitest)", "npx", [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  "--outputFile=test-results/vitest.json",
]);
const vitest = readJson<VitestReport>("test-results/vitest.json");
if (vitest) {
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests + (vitest.success === false && vitest.numFailedTests === 0 ? 1 : 0);
  totals.skipped += vitest.numPendingTests + vitest.numTodoTests;
} else {
  totals.failed += 1;
}

const specs = existsSync("e2e") ? readdirSync("e2e").filter((file) => file.endsWith(".spec.ts")) : [];
const browser = findBrowser();
if (specs.length > 0 && !browser) {
  console.log(HOW_TO_GET_ONE);
  totals.failed += 1;
} else if (specs.length > 0) {
  run("browser end-to-end (Playwright)", "npx", ["playwright", "test", "--reporter=list,json"], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: "test-results/playwright.json",
  });
  const playwright = readJson<PlaywrightReport>("test-results/playwright.json");
  if (playwright?.stats) {
    totals.passed += playwright.stats.expected + playwright.stats.flaky;
    totals.failed += playwright.stats.unexpected + (playwright.errors?.length ?? 0);
    totals.skipped += playwright.stats.skipped;
  } else {
    totals.failed += 1;
  }
}

// Where the run's time went, so a slower suite is seen the day it grows.
console.log("\nTime per runner:");
for (const [name, ms] of took) console.log(`  ${name}: ${minutes(ms)}`);
console.log(`  total: ${minutes(performance.now() - started)}`);

if (broken && totals.failed === 0) totals.failed = 1;
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ""}`);
process.exit(totals.failed > 0 ? 1 : 0);
