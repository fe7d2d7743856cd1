// Processes the benchmark starts: each in its own process group, stopped by that group; resident memory from /proc.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { constants } from "node:os";
import { processGroup } from "./loadtest-processes.js";

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type Group = { name: string; child: ChildProcess; stop: () => Promise<void> };

const started = new Set<Group>();

/** Set once stopAll has begun: nothing new may start after an interrupt, or it would outlive the bench. */
let stoppingAll = false;

function refuseWhenStopping() {
  if (stoppingAll) throw new Error("the bench is stopping: not starting anything new");
}

export function spawnGroup(name: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Group {
  refuseWhenStopping();
  const child = spawn(command, args, { detached: true, stdio: ["ignore", "ignore", "pipe"], env });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  child.on("exit", (code, signal) => {
    if (code && !stopping.has(child))
      console.error(`bench: ${name} exited with ${code ?? signal}: ${stderr.trim().slice(-800)}`);
  });
  const group: Group = {
    name,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        started.delete(group);
        stopping.add(child);
        signalGroup(child, "SIGTERM");
        // The leader (npm, npx, /usr/bin/time) may exit before the servers it started: wait for the whole group.
        const pgid = child.pid as number;
        const deadline = Date.now() + 5000;
        const poll = setInterval(() => {
          if (processGroup(pgid).length === 0 && (child.exitCode !== null || child.signalCode !== null)) {
            clearInterval(poll);
            resolve();
          } else if (Date.now() > deadline + 5000) {
            clearInterval(poll);
            console.error(`bench: ${name} (process group ${pgid}) did not stop after SIGKILL`);
            resolve();
          } else if (Date.now() > deadline) {
            signalGroup(child, "SIGKILL");
          }
        }, 50);
      }),
  };
  started.add(group);
  return group;
}

const stopping = new WeakSet<ChildProcess>();

function signalGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    process.kill(-(child.pid as number), signal);
  } catch {}
}

/** Bench scripts running in the foreground, each with its exit. */
const scripts = new Map<ChildProcess, Promise<number>>();

/**
 * Another bench script (`node --import tsx <args>`) in the foreground, not in a group of its own: it stops its own
 * servers on SIGINT, so an interrupt must reach it as SIGINT and be waited for, not kill its group. Resolves to its exit
 * code (128 + signal when a signal ended it).
 */
export function runScript(
  args: string[],
  stdout: "inherit" | "pipe" = "inherit",
  cwd?: string,
): { child: ChildProcess; exit: Promise<number> } {
  refuseWhenStopping();
  const child = spawn(process.execPath, ["--import", "tsx", ...args], { stdio: ["ignore", stdout, "inherit"], cwd });
  const exit = new Promise<number>((resolve) => {
    child.once("error", () => resolve(127));
    child.once("exit", (code, signal) => resolve(code ?? 128 + (signal ? constants.signals[signal] : 0)));
  }).finally(() => scripts.delete(child));
  scripts.set(child, exit);
  return { child, exit };
}

/** Stops whatever is still running (on failure or interrupt). */
export async function stopAll() {
  stoppingAll = true;
  for (const child of scripts.keys()) child.kill("SIGINT");
  await Promise.all([...[...started].map((group) => group.stop()), ...scripts.values()]);
}

export async function waitForOk(url: string, timeoutMs: number, init?: RequestInit) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (
      await fetch(url, init).then(
        (response) => response.ok,
        () => false,
      )
    )
      return;
    await sleep(25);
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

export function findInGroup(group: Group, matches: (command: string) => boolean) {
  const member = processGroup(group.child.pid as number).find((entry) => matches(entry.command));
  if (!member)
    throw new Error(
      `no process matching in ${group.name}'s group: ${processGroup(group.child.pid as number)
        .map((entry) => entry.command)
        .join(" | ")}`,
    );
  return member.pid;
}

/** Resident set size now, in MB (VmRSS); 0 when the process is gone. */
export function rssMb(pid: number) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** Samples RSS every 100 ms while `work` runs; returns the work's result and the peak. */
export async function peakRssDuring<T>(
  pids: number[],
  work: () => Promise<T>,
): Promise<{ result: T; peaks: number[] }> {
  const peaks = pids.map(rssMb);
  const timer = setInterval(
    () => pids.forEach((pid, index) => (peaks[index] = Math.max(peaks[index] ?? 0, rssMb(pid)))),
    100,
  );
  try {
    return { result: await work(), peaks };
  } finally {
    clearInterval(timer);
  }
}

/** `/usr/bin/time -v` writes this when its process ends. */
export function maxRssFromTimeLog(file: string) {
  const text = existsSync(file) ? readFileSync(file, "utf8") : "";
  const kb = /Maximum resident set size \(kbytes\): (\d+)/.exec(text)?.[1];
  return kb ? Number(kb) / 1024 : undefined;
}
