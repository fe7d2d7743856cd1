// Processes the benchmark starts: each in its own process group, stopped by that group; resident memory from /proc.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, readFileSync, readdirSync, rmSync } from "node:fs";

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type Group = { name: string; child: ChildProcess; stop: () => Promise<void> };

const started = new Set<Group>();

export function spawnGroup(name: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Group {
  const child = spawn(command, args, { detached: true, stdio: ["ignore", "ignore", "pipe"], env });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  child.on("exit", (code, signal) => {
    if (code && !stopping.has(child)) console.error(`bench: ${name} exited with ${code ?? signal}: ${stderr.trim().slice(-800)}`);
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
          if (groupMembers(pgid).length === 0 && (child.exitCode !== null || child.signalCode !== null)) {
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

/** Stops whatever is still running (on failure or interrupt). */
export async function stopAll() {
  await Promise.all([...started].map((group) => group.stop()));
}

export async function waitForOk(url: string, timeoutMs: number, init?: RequestInit) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await fetch(url, init).then((response) => response.ok, () => false)) return;
    await sleep(25);
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** Processes of a group, by command line (npx and npm start spawn the real servers as children). */
export function groupMembers(pgid: number): { pid: number; command: string }[] {
  const found: { pid: number; command: string }[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) !== pgid) continue;
      found.push({ pid: Number(entry), command: readFileSync(`/proc/${entry}/cmdline`, "utf8").replace(/\0/g, " ").trim() });
    } catch {}
  }
  return found;
}

export function findInGroup(group: Group, matches: (command: string) => boolean) {
  const member = groupMembers(group.child.pid as number).find((entry) => matches(entry.command));
  if (!member) throw new Error(`no process matching in ${group.name}'s group: ${groupMembers(group.child.pid as number).map((entry) => entry.command).join(" | ")}`);
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
export async function peakRssDuring<T>(pids: number[], work: () => Promise<T>): Promise<{ result: T; peaks: number[] }> {
  const peaks = pids.map(rssMb);
  const timer = setInterval(() => pids.forEach((pid, index) => (peaks[index] = Math.max(peaks[index] ?? 0, rssMb(pid)))), 100);
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

// ---- the production build

const buildRunning = () => (spawnSync("pgrep", ["-f", "next build"], { encoding: "utf8" }).stdout ?? "").trim() !== "";

/**
 * Other sessions rebuild `.next` while they work: wait for any build to finish, build if there is none, and copy it
 * into a folder of this run's own (next.config.js reads NEXT_DIST_DIR), so it cannot change under the measurements.
 */
export async function stableBuild(log: (line: string) => void): Promise<{ distDir: string; remove: () => void }> {
  const distDir = `.next-bench-${process.pid}`;
  for (let attempt = 1; attempt <= 5; attempt++) {
    for (let waited = 0; buildRunning(); waited++) {
      if (waited === 0) log("waiting for a `next build` started elsewhere to finish");
      if (waited > 450) throw new Error("a `next build` has been running for 15 minutes");
      await sleep(2000);
    }
    if (!existsSync(".next/BUILD_ID")) {
      log("no production build in .next: running `npx next build`");
      const build = spawnSync("npx", ["next", "build"], { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NEXT_DIST_DIR: ".next" } });
      if (build.status !== 0) throw new Error(`next build failed with status ${build.status}`);
    }
    const buildId = readFileSync(".next/BUILD_ID", "utf8");
    rmSync(distDir, { recursive: true, force: true });
    try {
      cpSync(".next", distDir, { recursive: true, filter: (path) => !path.startsWith(".next/cache") });
    } catch (error) {
      log(`copying the build failed (${(error as Error).message}); retrying`);
      continue;
    }
    if (!buildRunning() && existsSync(".next/BUILD_ID") && readFileSync(".next/BUILD_ID", "utf8") === buildId) {
      return { distDir, remove: () => rmSync(distDir, { recursive: true, force: true }) };
    }
    log("the build changed while it was being copied; retrying");
  }
  throw new Error("could not take a stable copy of the build after 5 attempts");
}
