// The processes a benchmark starts (sandbox, built dashboard, Prism, Lighthouse, bench scripts), each in a process group
// of its own and stopped by that group, also on an interrupt; their memory and CPU read from /proc.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, rmSync, statSync } from "node:fs";
import { constants, tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, startDashboard, type DashboardProcess } from "../test/harness/dashboard-process.js";

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type Group = { name: string; child: ChildProcess; stop: () => Promise<void> };

const started = new Set<Group>();
const stopping = new WeakSet<ChildProcess>();
/** Bench scripts in the foreground (`node --import tsx …`), each with its exit. */
const scripts = new Map<ChildProcess, Promise<number>>();
/** Set once stopAll has begun: nothing new may start after an interrupt, or it would outlive the bench. */
let stoppingAll = false;

function refuseWhenStopping() {
  if (stoppingAll) throw new Error("the bench is stopping: not starting anything new");
}

function signalGroup(pgid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pgid, signal);
  } catch {}
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
      found.push({ pid: Number(entry), command: readFileSync(`/proc/${entry}/cmdline`, "utf8").replace(/\0/g, " ") });
    } catch {}
  }
  return found;
}

/** SIGTERM to the group, SIGKILL 5 s later; resolves once no process of the group is left. */
function stopGroup(group: Group) {
  return new Promise<void>((resolve) => {
    started.delete(group);
    stopping.add(group.child);
    const pgid = group.child.pid as number;
    signalGroup(pgid, "SIGTERM");
    const deadline = Date.now() + 5000;
    const poll = setInterval(() => {
      const exited = group.child.exitCode !== null || group.child.signalCode !== null;
      if (exited && processGroup(pgid).length === 0) {
        clearInterval(poll);
        resolve();
      } else if (Date.now() > deadline + 5000) {
        clearInterval(poll);
        console.error(`bench: ${group.name} (process group ${pgid}) did not stop after SIGKILL`);
        resolve();
      } else if (Date.now() > deadline) {
        signalGroup(pgid, "SIGKILL");
      }
    }, 50);
  });
}

function track(name: string, child: ChildProcess): Group {
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  child.on("exit", (code, signal) => {
    if (code && !stopping.has(child))
      console.error(`bench: ${name} exited with ${code ?? signal}: ${stderr.trim().slice(-800)}`);
  });
  const group: Group = { name, child, stop: () => stopGroup(group) };
  started.add(group);
  return group;
}

export function spawnGroup(name: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  refuseWhenStopping();
  return track(name, spawn(command, args, { detached: true, stdio: ["ignore", "ignore", "pipe"], env }));
}

/**
 * Another bench script (`node --import tsx <args>`) in the foreground: it stops its own servers on SIGINT, so an
 * interrupt reaches it as SIGINT and is waited for. Resolves to its exit code (128 + signal when a signal ended it).
 */
export function runScript(args: string[], stdout: "inherit" | "pipe" = "inherit") {
  refuseWhenStopping();
  const child = spawn(process.execPath, ["--import", "tsx", ...args], { stdio: ["ignore", stdout, "inherit"] });
  const exit = new Promise<number>((resolve) => {
    child.once("error", () => resolve(127));
    child.once("exit", (code, signal) => resolve(code ?? 128 + (signal ? constants.signals[signal] : 0)));
  }).finally(() => scripts.delete(child));
  scripts.set(child, exit);
  return { child, exit };
}

/** Stops whatever is still running (at the end, on failure or on an interrupt). */
export async function stopAll() {
  stoppingAll = true;
  for (const child of scripts.keys()) child.kill("SIGINT");
  await Promise.all([...[...started].map((group) => group.stop()), ...scripts.values()]);
}

export async function waitForOk(url: string, timeoutMs: number, init?: RequestInit) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(url, init).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await sleep(50);
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

export type BenchSandbox = { url: string; pid: number; stop: () => Promise<void> };

/**
 * The sandbox in memory, one node process (no npx wrapper, so its pid is the server), rate limits out of the way unless
 * `perSecond` is given, in the phase of its clock unless `phase` is.
 */
export async function startBenchSandbox(options: { perSecond?: number; phase?: string } = {}): Promise<BenchSandbox> {
  const port = await freePort();
  const group = spawnGroup("sandbox", process.execPath, [
    "--import",
    "tsx",
    "sandbox/main.ts",
    "--port",
    String(port),
    "--db",
    ":memory:",
    "--rate-per-second",
    String(options.perSecond ?? 1_000_000_000),
    "--rate-per-day",
    "1000000000000",
    ...(options.phase ? ["--phase", options.phase] : []),
  ]);
  const url = `http://localhost:${port}`;
  await waitForOk(`${url}/__sandbox/clock`, 60_000);
  return { url, pid: group.child.pid as number, stop: group.stop };
}

/**
 * A bench's sandbox (as startBenchSandbox takes its options) and a throwaway folder for the dashboard's database. What
 * `measure` passes to `stopsFirst` (its dashboard) stops first, then the sandbox, and the folder goes.
 */
export async function withBenchSandbox<T>(
  name: string,
  sandboxOptions: Parameters<typeof startBenchSandbox>[0],
  measure: (bench: {
    sandbox: BenchSandbox;
    dashboardDb: string;
    stopsFirst: <D extends { stop: () => Promise<void> }>(dashboard: D) => D;
  }) => Promise<T>,
): Promise<T> {
  const folder = mkdtempSync(join(tmpdir(), `bench-${name}-`));
  const sandbox = await startBenchSandbox(sandboxOptions);
  const stops: (() => Promise<void>)[] = [];
  try {
    return await measure({
      sandbox,
      dashboardDb: join(folder, "dashboard.db"),
      stopsFirst: (dashboard) => (stops.push(() => dashboard.stop()), dashboard),
    });
  } finally {
    for (const stop of stops.reverse()) await stop();
    await sandbox.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Asks the signed-in dashboard's /api/mirror every `everyMs` until the shop's mirror is filled; `onPoll` runs first. */
export async function untilMirrorFilled(
  get: (path: string) => Promise<Response>,
  options: { timeoutMs: number; everyMs: number; onPoll?: () => Promise<unknown> },
) {
  for (const deadline = Date.now() + options.timeoutMs; ; await sleep(options.everyMs)) {
    await options.onPoll?.();
    const mirror = (await (await get("/api/mirror")).json()) as { status?: string };
    if (mirror.status === "filled") return;
    if (Date.now() > deadline) throw new Error(`the listings mirror did not fill: ${JSON.stringify(mirror)}`);
  }
}

export type BenchDashboard = { url: string; app: DashboardProcess["app"]; pid: number; stop: () => Promise<void> };

/**
 * The built dashboard (`next start`, scripts/server-command.ts) from `distDir`; `pid` is its `next-server` process,
 * the one whose memory and CPU count.
 */
export async function startBenchDashboard(options: {
  sandboxUrl: string;
  distDir: string;
  dashboardDb: string;
}): Promise<BenchDashboard> {
  refuseWhenStopping();
  process.env.NEXT_DIST_DIR = options.distDir;
  const dashboard = await startDashboard({
    port: await freePort(),
    sandboxUrl: options.sandboxUrl,
    dashboardDb: options.dashboardDb,
    stdio: "ignore",
  });
  const group = track("dashboard", dashboard.process);
  const pgid = dashboard.process.pid as number;
  for (const deadline = Date.now() + 30_000; ; await sleep(100)) {
    const server = processGroup(pgid).find((entry) => entry.command.startsWith("next-server"));
    if (server) return { url: dashboard.url, app: dashboard.app, pid: server.pid, stop: group.stop };
    if (Date.now() > deadline) {
      await group.stop();
      throw new Error("no next-server process in the dashboard's process group");
    }
  }
}

/** A `next build` in this checkout (one in another checkout writes elsewhere). */
const buildRunning = () =>
  (spawnSync("pgrep", ["-f", "next build"], { encoding: "utf8" }).stdout ?? "")
    .split("\n")
    .filter(Boolean)
    .some((pid) => {
      try {
        return readlinkSync(`/proc/${pid}/cwd`) === process.cwd();
      } catch {
        return false;
      }
    });

/**
 * Copies the finished build into a folder of this run's own (next.config.js reads NEXT_DIST_DIR), so a rebuild by
 * someone else during the run cannot pull chunks from under the running dashboard. Builds when there is no build.
 */
export async function snapshotBuild(log: (line: string) => void) {
  const source = process.env.NEXT_DIST_DIR || ".next";
  const distDir = `.next-bench-${process.pid}`;
  const remove = () => rmSync(distDir, { recursive: true, force: true });
  for (let attempt = 1; attempt <= 5; attempt++) {
    if (buildRunning()) log("a `next build` is running in this checkout: waiting for it to finish");
    for (const deadline = Date.now() + 15 * 60_000; buildRunning(); await sleep(2000))
      if (Date.now() > deadline) throw new Error("a `next build` has been running for 15 minutes; try later");
    if (!existsSync(`${source}/BUILD_ID`)) {
      log(`no production build in ${source}: running \`next build\``);
      const build = spawnSync("npx", ["next", "build"], {
        stdio: "inherit",
        env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NEXT_DIST_DIR: source },
      });
      if (build.status !== 0) throw new Error(`next build failed with status ${build.status}`);
    }
    // With a deployment id Next writes one constant BUILD_ID (next.config.js): a new build shows in its time.
    const builtAt = statSync(`${source}/BUILD_ID`).mtimeMs;
    remove();
    try {
      cpSync(source, distDir, { recursive: true, filter: (path) => !path.startsWith(`${source}/cache`) });
    } catch (error) {
      log(`copying the build failed (${(error as Error).message}); retrying`);
      continue;
    }
    if (!buildRunning() && existsSync(`${source}/BUILD_ID`) && statSync(`${source}/BUILD_ID`).mtimeMs === builtAt)
      return { distDir, remove };
    log("the build changed while it was being copied; retrying");
  }
  remove();
  throw new Error("could not take a stable copy of the build after 5 attempts");
}

/** Resident set size now, in MB (VmRSS); 0 when the process is gone. */
export function rssMb(pid: number) {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

let ticks: number | undefined;
const clockTicks = () =>
  (ticks ??= Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100);

/** CPU seconds (user + system) a process has used so far, from /proc; undefined when it is gone. */
export function cpuSeconds(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // Fields 14 and 15 of proc(5) (utime, stime), counted from after the command name.
    return (Number(fields[11]) + Number(fields[12])) / clockTicks();
  } catch {
    return undefined;
  }
}

/** Peak RSS (MB) and CPU seconds of some processes over a stretch of work, sampled every 200 ms. */
export function usageMeter(pids: number[]) {
  const peaks = pids.map(rssMb);
  const cpuAtStart = pids.map((pid) => cpuSeconds(pid) ?? 0);
  const sample = () => pids.forEach((pid, index) => (peaks[index] = Math.max(peaks[index] ?? 0, rssMb(pid))));
  const timer = setInterval(sample, 200);
  return {
    now: () => pids.map((pid) => `${rssMb(pid).toFixed(0)} MB`).join(" / "),
    stop: () => {
      clearInterval(timer);
      sample();
      return pids.map((pid, index) => ({
        peakRssMb: peaks[index] ?? 0,
        cpuSeconds: (cpuSeconds(pid) ?? 0) - (cpuAtStart[index] ?? 0),
      }));
    },
  };
}

/** One part run alone: a copy of the build, a sandbox and a dashboard of its own, every process stopped after. */
export async function runAlone(
  name: string,
  log: (line: string) => void,
  measure: (running: { sandbox: BenchSandbox; dashboard: BenchDashboard; distDir: string }) => Promise<void>,
) {
  const build = await snapshotBuild(log);
  const folder = mkdtempSync(join(tmpdir(), `bench-${name}-`));
  try {
    const sandbox = await startBenchSandbox();
    const dashboard = await startBenchDashboard({
      sandboxUrl: sandbox.url,
      distDir: build.distDir,
      dashboardDb: join(folder, "dashboard.db"),
    });
    await measure({ sandbox, dashboard, distDir: build.distDir });
  } finally {
    await stopAll();
    build.remove();
    rmSync(folder, { recursive: true, force: true });
  }
}

/** A part that measures the built dashboard over HTTP, run alone with its options: its figures logged, then the verdict. */
export async function runDashboardPartAlone<O extends object, T>(
  name: string,
  options: O,
  part: {
    measure: (options: O & { dashboardUrl: string; sandboxUrl: string; log: (line: string) => void }) => Promise<T>;
    describe: (figures: T) => string[];
    met: (figures: T) => boolean;
  },
) {
  const log = (line: string) => console.log(`[${name}] ${line}`);
  await runAlone(name, log, async ({ sandbox, dashboard }) => {
    const figures = await part.measure({ ...options, dashboardUrl: dashboard.url, sandboxUrl: sandbox.url, log });
    part.describe(figures).forEach(log);
    log(part.met(figures) ? "met" : "MISSED");
  });
}
