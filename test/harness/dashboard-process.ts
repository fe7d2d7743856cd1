// Starts the built dashboard (`next start`, scripts/server-command.ts) against a sandbox, with an app registered for
// its own callback URL.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import { SERVER_COMMAND, SERVER_ENV } from "../../scripts/server-command";

export type DashboardApp = { keystring: string; shared_secret: string; name: string };

export type DashboardProcess = { url: string; app: DashboardApp; process: ChildProcess; stop: () => Promise<void> };

export type DashboardOptions = {
  port: number;
  sandboxUrl: string;
  /** Reuse an app (instances behind one load balancer share it); otherwise one is registered for this port. */
  app?: DashboardApp;
  authSecret?: string;
  databaseUrl?: string;
  dashboardDb?: string;
  timeoutMs?: number;
  /** The URL sellers use (AUTH_URL), when it is not the port itself: e.g. https:// behind a TLS proxy. */
  publicUrl?: string;
  /** "pipe": the caller reads the server's JSON log lines from `process.stdout`. */
  stdio?: "inherit" | "ignore" | "pipe";
  /** More settings (METRICS_TOKEN, CHANGE_LEASE_MS, INSTANCE_NAME, ...). */
  env?: Record<string, string>;
  /** Flags for Node itself, e.g. --cpu-prof (which NODE_OPTIONS does not allow). */
  nodeArgs?: string[];
};

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "localhost", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no free port")),
      );
    });
  });
}

export async function registerDashboardApp(
  sandboxUrl: string,
  ports: number[],
  name = "Dashboard under test",
): Promise<DashboardApp> {
  const response = await fetch(`${sandboxUrl}/__sandbox/apps`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      name,
      redirect_uris: ports.map((port) => `http://localhost:${port}/api/auth/callback/marketplace`),
    }),
  });
  if (!response.ok)
    throw new Error(`registering the dashboard's app failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as DashboardApp;
}

export async function startDashboard(options: DashboardOptions): Promise<DashboardProcess> {
  const app = options.app ?? (await registerDashboardApp(options.sandboxUrl, [options.port]));
  const url = `http://localhost:${options.port}`;
  const [command, ...args] = SERVER_COMMAND;
  const child = spawn(command, [...(options.nodeArgs ?? []), ...args], {
    stdio: ["ignore", options.stdio ?? "inherit", options.stdio === "pipe" ? "inherit" : (options.stdio ?? "inherit")],
    detached: true,
    env: {
      ...process.env,
      ...SERVER_ENV,
      NEXT_TELEMETRY_DISABLED: "1",
      PORT: String(options.port),
      AUTH_SECRET: options.authSecret ?? randomBytes(32).toString("base64url"),
      AUTH_URL: options.publicUrl ?? url,
      MARKETPLACE_API_URL: options.sandboxUrl,
      MARKETPLACE_AUTH_URL: options.sandboxUrl,
      MARKETPLACE_KEYSTRING: app.keystring,
      MARKETPLACE_SHARED_SECRET: app.shared_secret,
      MARKETPLACE_TIMEOUT_MS: String(options.timeoutMs ?? 8000),
      DATABASE_URL: options.databaseUrl ?? "",
      DASHBOARD_DB: options.dashboardDb ?? "data/dashboard.db",
      // A test server reads no document from the marketplace's site (lib/spec-radar/).
      SPEC_RADAR_URL: "off",
      ...options.env,
    },
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      // The server drains on SIGTERM; anything it started shares its process group.
      process.kill(-(child.pid as number), "SIGTERM");
    });
  for (
    const deadline = Date.now() + 60_000;
    Date.now() < deadline;
    await new Promise((resolve) => setTimeout(resolve, 200))
  ) {
    if (child.exitCode !== null) throw new Error(`the dashboard on port ${options.port} exited with ${child.exitCode}`);
    if (
      await fetch(`${url}/sign-in`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return { url, app, process: child, stop };
  }
  await stop();
  throw new Error(`the dashboard on port ${options.port} did not answer within 60 s`);
}
