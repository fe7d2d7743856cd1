// The processes a load run measures: the sandbox and the built dashboard, each its own process so each has its own RSS.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { startDashboard, type DashboardProcess } from "../test/harness/dashboard-process";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const buildRunning = () => (spawnSync("pgrep", ["-f", "next build"], { encoding: "utf8" }).stdout ?? "").trim() !== "";

/** Other sessions rebuild `.next` (npm test does); never read a build while one is being written. */
export async function waitForBuilds(log: (line: string) => void, limitMs = 15 * 60_000) {
  const deadline = Date.now() + limitMs;
  if (buildRunning()) log("a `next build` is running elsewhere: waiting for it to finish");
  while (buildRunning()) {
    if (Date.now() > deadline) throw new Error("a `next build` has been running for 15 minutes; stop it or try later");
    await sleep(2000);
  }
}

/**
 * Copies the finished build into a folder of this run's own, so a rebuild by someone else during the run
 * cannot pull chunks from under the running dashboard. next.config.js reads the folder from NEXT_DIST_DIR.
 */
export async function snapshotBuild(log: (line: string) => void): Promise<{ distDir: string; remove: () => void }> {
  const source = process.env.NEXT_DIST_DIR || ".next";
  const distDir = `.next-loadtest-${process.pid}`;
  for (let attempt = 1; attempt <= 5; attempt++) {
    await waitForBuilds(log);
    if (!existsSync(`${source}/BUILD_ID`)) {
      log(`no production build in ${source}: running \`next build\``);
      const build = spawnSync("npx", ["next", "build"], {
        stdio: "inherit",
        env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NEXT_DIST_DIR: source },
      });
      if (build.status !== 0) throw new Error(`next build failed with status ${build.status}`);
    }
    const buildId = readFileSync(`${source}/BUILD_ID`, "utf8");
    rmSync(distDir, { recursive: true, force: true });
    try {
      cpSync(source, distDir, { recursive: true, filter: (path) => !path.startsWith(`${source}/cache`) });
    } catch (error) {
      log(`copying the build failed (${(error as Error).message}); retrying`);
      continue;
    }
    if (!buildRunning() && existsSync(`${source}/BUILD_ID`) && readFileSync(`${source}/BUILD_ID`, "utf8") === buildId) {
      return { distDir, remove: () => rmSync(distDir, { recursive: true, force: true }) };
    }
    log("the build changed while it was being copied; retrying");
  }
  rmSync(distDir, { recursive: true, force: true });
  throw new Error("could not take a stable copy of the build after 5 attempts");
}

export type { Measured } from "./loadtest-sampler";
import type { Measured } from "./loadtest-sampler";

export type SandboxProcess = Measured & { url: string; stop: () => Promise<void> };

/** Process groups this run started, so an unexpected exit can still take them down. */
const startedGroups = new Set<number>();

export function killStartedGroups() {
  for (const pgid of startedGroups) killGroup(pgid, "SIGKILL");
  startedGroups.clear();
}

function killGroup(pgid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pgid, signal);
  } catch {}
}

/** SIGTERM to the whole group, SIGKILL if it is still there after 10 s. */
async function stopGroup(pgid: number, exited: () => boolean, stop: () => Promise<void>) {
  if (!exited()) {
    const timer = new Promise<void>((resolve) => setTimeout(() => resolve(killGroup(pgid, "SIGKILL")), 10_000).unref());
    await Promise.race([stop(), timer]);
  }
  startedGroups.delete(pgid);
}

function exitOf(child: ChildProcess) {
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  return {
    exited,
    stop: () =>
      new Promise<void>((resolve) =>
        exited() ? resolve() : (child.once("exit", () => resolve()), killGroup(child.pid as number, "SIGTERM")),
      ),
  };
}

/** The sandbox in a process of its own (node with the tsx loader: one process, no wrapper), in memory. */
export async function startSandboxProcess(
  port: number,
  perSecond: number,
  stdio: "inherit" | "ignore",
  log: (line: string) => void,
): Promise<SandboxProcess> {
  // The working tree is shared with sessions that edit the sandbox: a start can catch a file mid-edit.
  for (let attempt = 1; ; attempt++) {
    try {
      return await trySandbox(port, perSecond, stdio);
    } catch (error) {
      if (attempt >= 3) throw error;
      log(`starting the sandbox failed (${(error as Error).message.split("\n")[0]}); retrying in 5 s`);
      await sleep(5000);
    }
  }
}

async function trySandbox(port: number, perSecond: number, stdio: "inherit" | "ignore"): Promise<SandboxProcess> {
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "sandbox/main.ts",
      "--port",
      String(port),
      "--db",
      ":memory:",
      "--rate-per-second",
      String(perSecond),
      "--rate-per-day",
      "1000000000",
    ],
    {
      stdio: ["ignore", "ignore", "pipe"],
      detached: true,
    },
  );
  startedGroups.add(child.pid as number);
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2000);
    if (stdio === "inherit") process.stderr.write(chunk);
  });
  const url = `http://localhost:${port}`;
  const { exited, stop } = exitOf(child);
  const sandbox = {
    name: "sandbox",
    pid: child.pid as number,
    url,
    stop: () => stopGroup(child.pid as number, exited, stop),
  };
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the sandbox exited with ${child.exitCode}: ${stderr.trim()}`);
    if (
      await fetch(`${url}/__sandbox/clock`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return sandbox;
    await sleep(100);
  }
  await sandbox.stop();
  throw new Error("the sandbox did not answer within 30 s");
}

export function processGroup(pgid: number): { pid: number; command: string }[] {
  const found: { pid: number; command: string }[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // Field 5 (after the parenthesised command, which may hold spaces) is the process group.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) !== pgid) continue;
      found.push({
        pid: Number(entry),
        command: readFileSync(`/proc/${entry}/cmdline`, "utf8").replace(/\0/g, " ").trim(),
      });
    } catch {}
  }
  return found;
}

export type RunningDashboard = Measured & { url: string; dashboard: DashboardProcess };

export async function stopDashboard(dashboard: DashboardProcess) {
  await stopGroup(dashboard.process.pid as number, exitOf(dashboard.process).exited, dashboard.stop);
}

/** Node's flags for a dashboard that writes a V8 CPU profile into `dir` when it stops (bench/cpu-profile.ts reads it). */
export const cpuProfileArgs = (dir: string | undefined) =>
  dir ? ["--cpu-prof", "--cpu-prof-dir", resolve(dir)] : undefined;

/** The measured process is the one named next-server: `next start` (scripts/server-command.ts), the group's leader. */
export async function startDashboardProcess(
  options: {
    port: number;
    sandboxUrl: string;
    timeoutMs: number;
    dashboardDb: string;
    distDir: string;
    stdio: "inherit" | "ignore";
    nodeArgs?: string[];
  },
  log: (line: string) => void,
): Promise<RunningDashboard> {
  process.env.NEXT_DIST_DIR = options.distDir;
  for (let attempt = 1; ; attempt++) {
    let dashboard: DashboardProcess | undefined;
    try {
      dashboard = await startDashboard({
        port: options.port,
        sandboxUrl: options.sandboxUrl,
        timeoutMs: options.timeoutMs,
        dashboardDb: options.dashboardDb,
        stdio: options.stdio,
        nodeArgs: options.nodeArgs,
      });
      startedGroups.add(dashboard.process.pid as number);
      const ready = await fetch(`${dashboard.url}/sign-in`).then(
        (response) => response.ok,
        () => false,
      );
      if (!ready) throw new Error("the dashboard did not answer /sign-in within 60 s");
      const server = await serverProcess(dashboard.process.pid as number);
      return { name: "dashboard (next-server)", pid: server.pid, url: dashboard.url, dashboard };
    } catch (error) {
      if (dashboard) await stopDashboard(dashboard);
      if (attempt >= 3) throw error;
      log(
        `starting the dashboard failed (${(error as Error).message}); waiting for any build to finish, then retrying`,
      );
      await waitForBuilds(log);
    }
  }
}

/** The one next-server process in the dashboard's process group. */
async function serverProcess(pgid: number) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const servers = processGroup(pgid).filter((entry) => entry.command.startsWith("next-server"));
    if (servers.length === 1) return servers[0]!;
    if (Date.now() > deadline)
      throw new Error(`expected one next-server process in the dashboard's process group, found ${servers.length}`);
    await sleep(200);
  }
}
