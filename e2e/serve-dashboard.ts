// Started by Playwright after the sandbox: registers an app for this port, then runs the built dashboard against it.
import { spawn } from "node:child_process";
import { mkdirSync, openSync, rmSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { SERVER_COMMAND, SERVER_ENV } from "../scripts/server-command";
import { E2E } from "./ports";

const response = await fetch(`${E2E.sandboxUrl}/__sandbox/apps`, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({
    name: "Dashboard under test",
    redirect_uris: [`${E2E.dashboardUrl}/api/auth/callback/marketplace`],
  }),
});
const app = (await response.json()) as { keystring: string; shared_secret: string; name: string };
mkdirSync("test-results", { recursive: true });
writeFileSync(E2E.appFile, JSON.stringify(app));
// The dashboard's webhook endpoint, subscribed before it starts, so that it starts with the signing secret.
const subscribed = await fetch(`${E2E.sandboxUrl}/__sandbox/webhooks`, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ url: `${E2E.dashboardUrl}/api/webhooks/marketplace` }),
});
const webhook = (await subscribed.json()) as { secret: string };
const tokenKey = randomBytes(32).toString("base64url");
writeFileSync(E2E.tokenKeyFile, tokenKey, { mode: 0o600 });
for (const suffix of ["", "-wal", "-shm"]) rmSync(`${E2E.dashboardDb}${suffix}`, { force: true });

const [command, ...args] = SERVER_COMMAND;
const next = spawn(command, args, {
  stdio: ["ignore", openSync(E2E.dashboardLog, "w"), "inherit"],
  env: {
    ...process.env,
    ...SERVER_ENV,
    NEXT_TELEMETRY_DISABLED: "1",
    PORT: String(E2E.dashboardPort),
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    TOKEN_ENCRYPTION_KEY: tokenKey,
    AUTH_URL: E2E.dashboardUrl,
    MARKETPLACE_API_URL: E2E.sandboxUrl,
    MARKETPLACE_AUTH_URL: E2E.sandboxUrl,
    MARKETPLACE_KEYSTRING: app.keystring,
    MARKETPLACE_SHARED_SECRET: app.shared_secret,
    MARKETPLACE_TIMEOUT_MS: String(E2E.timeoutMs),
    // The tests switch the sandbox's phase between one page and the next, so the dashboard asks every time.
    MARKETPLACE_PERSONALIZATION: "auto",
    MARKETPLACE_PERSONALIZATION_CACHE_SECONDS: "0",
    DASHBOARD_DB: E2E.dashboardDb,
    // A test server reads no document from the marketplace's site (lib/spec-radar/).
    SPEC_RADAR_URL: "off",
    MARKETPLACE_WEBHOOK_SECRET: webhook.secret,
    DATABASE_URL: "",
  },
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => next.kill(signal));
next.on("exit", (code) => process.exit(code ?? 0));
