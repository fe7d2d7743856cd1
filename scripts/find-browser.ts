// The browser for the end-to-end tests: $CHROMIUM_PATH, then Playwright's own download, then the system's Chromium.
import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-dev-shm-usage",
];

export const HOW_TO_GET_ONE =
  "No Chromium found for the browser tests: install one with `apt-get install -y chromium` (or set CHROMIUM_PATH to a Chromium binary).";

export function findBrowser() {
  const candidates = [
    process.env.CHROMIUM_PATH,
    safe(() => chromium.executablePath()),
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
  ];
  return candidates.find((path) => path && existsSync(path));
}

function safe(read: () => string): string | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}
