// npm start: the built dashboard (`next start`, scripts/server-command.ts) on http://localhost:3000, with the embedded sandbox beside it when no marketplace is configured.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import nextEnv from "@next/env";
import { startSandbox } from "../sandbox/server.js";
import { SERVER_COMMAND, SERVER_ENV } from "./server-command.js";
import { DEMO_APP, DEMO_SELLERS } from "../sandbox/store/seed.js";
import { isPhase, PHASES } from "../sandbox/phases.js";
import { dashboardPhaseEnv } from "./dashboard-phase.js";

// `npm start -- --phase multi-question` starts the embedded sandbox in that period (docs/marketplace.md §9), and the
// dashboard with the editor of that period.
const { values: options } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== "--"),
  options: { phase: { type: "string" } },
});
if (options.phase !== undefined && !isPhase(options.phase)) {
  console.error(`--phase must be one of ${PHASES.join(", ")}, got "${options.phase}".`);
  process.exit(2);
}
const phase = options.phase;

nextEnv.loadEnvConfig(process.cwd());
const port = Number(process.env.PORT ?? 3000);
const env: NodeJS.ProcessEnv = {
  ...process.env,
  PORT: String(port),
  AUTH_URL: process.env.AUTH_URL ?? `http://localhost:${port}`,
};
mkdirSync("data", { recursive: true });

if (!env.AUTH_SECRET) {
  const file = "data/auth-secret";
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600 });
  env.AUTH_SECRET = readFileSync(file, "utf8").trim();
}

const pinned = dashboardPhaseEnv(phase, env);
Object.assign(env, pinned.env);
if (pinned.note) console.log(pinned.note);

let stopSandbox = async () => {};
if (!env.MARKETPLACE_API_URL) {
  const sandboxPort = Number(process.env.SANDBOX_PORT ?? 4010);
  const sandbox = await startSandbox({
    port: sandboxPort,
    db: process.env.SANDBOX_DB ?? "data/sandbox.db",
    ...(phase && { phase }),
  });
  stopSandbox = sandbox.close;
  const redirect = `${env.AUTH_URL}/api/auth/callback/marketplace`;
  let app = { keystring: DEMO_APP.keystring, shared_secret: DEMO_APP.shared_secret };
  if (!(DEMO_APP.redirect_uris as readonly string[]).includes(redirect)) {
    const response = await fetch(`${sandbox.url}/__sandbox/apps`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: `Dashboard on port ${port}`, redirect_uris: [redirect] }),
    });
    app = (await response.json()) as typeof app;
  }
  // The sandbox's listing webhooks come to the dashboard's endpoint, signed with the secret this subscription gets.
  const subscribed = await fetch(`${sandbox.url}/__sandbox/webhooks`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ url: `http://localhost:${port}/api/webhooks/marketplace` }),
  });
  const webhook = (await subscribed.json()) as { secret: string };
  Object.assign(env, {
    MARKETPLACE_API_URL: sandbox.url,
    MARKETPLACE_AUTH_URL: sandbox.url,
    MARKETPLACE_KEYSTRING: app.keystring,
    MARKETPLACE_SHARED_SECRET: app.shared_secret,
    MARKETPLACE_WEBHOOK_SECRET: webhook.secret,
  });
  const sellers = Object.values(DEMO_SELLERS).map(
    (seller) => `    ${seller.email.padEnd(17)} ${seller.password.padEnd(14)} ${seller.shop_name ?? "(no shop)"}`,
  );
  console.log(
    `Sandbox marketplace on ${sandbox.url} (its home page lists apps, sellers and requests). Demo sellers:\n${sellers.join("\n")}`,
  );
}

if (!existsSync(".next/BUILD_ID")) {
  console.log("No production build yet: running `next build` (about a minute).");
  // AUTH_SECRET derives the build's server-actions key (next.config.js), so a rebuild keeps unchanged actions' ids.
  const build = spawnSync("npx", ["next", "build"], {
    stdio: "inherit",
    env: { ...process.env, AUTH_SECRET: env.AUTH_SECRET, NODE_ENV: "production" },
  });
  if (build.status !== 0) {
    await stopSandbox();
    process.exit(build.status ?? 1);
  }
}

const [command, ...args] = SERVER_COMMAND;
const next = spawn(command, args, { stdio: "inherit", env: { ...env, ...SERVER_ENV } });
console.log(`Dashboard on http://localhost:${port}`);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => next.kill(signal));
next.on("exit", async (code) => {
  await stopSandbox();
  process.exit(code ?? 0);
});
