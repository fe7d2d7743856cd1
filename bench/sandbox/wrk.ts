// The load generator: wrk (C, Debian's package), one thread on a core of its own, so the server under test is the
// limit and not the generator (autocannon took about one of the two cores and capped the sandbox near 10k req/s).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { cpuSeconds } from "../processes.js";

export type Request = { url: string; method?: "GET" | "POST"; headers?: Record<string, string>; body?: string };

export type Throughput = {
  rps: number;
  /** Latency percentiles in milliseconds (wrk records microseconds). */
  p50: number;
  p99: number;
  /** Bytes read per answer, headers included. */
  bytesPerResponse: number;
  failures: number;
  /** CPU the generator used, in % of one core (user + system over the wall time of the run). */
  generatorCpu: number;
  /** CPU the measured server used over the run, in % of one core, when its process was given. */
  serverCpu?: number;
};

export const WRK_INSTALL = "apt-get install -y wrk";

const onPath = (name: string) =>
  (process.env.PATH ?? "")
    .split(":")
    .map((dir) => join(dir, name))
    .find((path) => existsSync(path));

let wrkPath: string | undefined;

/** wrk from PATH; as root with apt-get, installed from Debian the first time (as the test runner does for Chromium). */
export function findWrk(log: (line: string) => void = console.log): string {
  wrkPath ??= onPath("wrk");
  if (wrkPath) return wrkPath;
  if (process.getuid?.() === 0 && onPath("apt-get")) {
    log(`wrk is missing: running \`${WRK_INSTALL}\``);
    let install = spawnSync("apt-get", ["install", "-y", "wrk"], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    if (install.status !== 0) {
      spawnSync("apt-get", ["update"], { stdio: "inherit" });
      install = spawnSync("apt-get", ["install", "-y", "wrk"], {
        stdio: "inherit",
        env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
      });
    }
    wrkPath = onPath("wrk");
    if (wrkPath) return wrkPath;
  }
  throw new Error(
    `The benchmark needs wrk, the HTTP load generator: install it with \`sudo ${WRK_INSTALL}\` and run the benchmark again.`,
  );
}

/** Two cores or more: the server gets the first, the generator the last. One core: nothing is pinned. */
export const CORES = (() => {
  const count = cpus().length;
  return count >= 2 && onPath("taskset")
    ? { server: "0", generator: String(count - 1), all: `0-${count - 1}` }
    : undefined;
})();

/** Pins every thread of a running process to `cpuList` (`taskset -a -p`); returns whether it could. */
export function pin(pid: number, cpuList: string) {
  return spawnSync("taskset", ["-a", "-p", "-c", cpuList, String(pid)], { stdio: "ignore" }).status === 0;
}

/** A Lua long string that cannot end early, whatever the text holds. */
function luaString(text: string) {
  let level = "";
  while (text.includes(`]${level}]`)) level += "=";
  return `[${level}[${text}]${level}]`;
}

function script(request: Request) {
  const headers = Object.entries(request.headers ?? {}).map(
    ([name, value]) => `wrk.headers[ ${luaString(name)} ] = ${luaString(value)}`,
  );
  return [
    `wrk.method = "${request.method ?? "GET"}"`,
    ...(request.body === undefined ? [] : [`wrk.body = ${luaString(request.body)}`]),
    ...headers,
    "done = function(summary, latency, requests)",
    "  local e = summary.errors",
    `  io.write(string.format('WRK_RESULT {"requests":%d,"duration_us":%d,"bytes":%d,"errors":%d,"status_errors":%d,"p50_us":%d,"p99_us":%d}\\n',`,
    "    summary.requests, summary.duration, summary.bytes, e.connect + e.read + e.write + e.timeout, e.status, latency:percentile(50), latency:percentile(99)))",
    "end",
  ].join("\n");
}

type WrkResult = {
  requests: number;
  duration_us: number;
  bytes: number;
  errors: number;
  status_errors: number;
  p50_us: number;
  p99_us: number;
};

/**
 * A fixed-time wrk run (one thread, `connections` connections) on the generator's core; any answer of 400 or above
 * and any socket error counts as a failure. `serverPid` adds the server's CPU use over the run.
 */
export async function wrk(
  request: Request,
  connections: number,
  seconds: number,
  serverPid?: number,
): Promise<Throughput> {
  const folder = mkdtempSync(join(tmpdir(), "bench-wrk-"));
  try {
    const lua = join(folder, "request.lua");
    const timeLog = join(folder, "time.txt");
    writeFileSync(lua, script(request));
    const command = [findWrk(), "-t1", `-c${connections}`, `-d${seconds}s`, "--timeout", "10s", "-s", lua, request.url];
    const pinned = CORES ? ["taskset", "-c", CORES.generator, ...command] : command;
    const serverBefore = serverPid === undefined ? undefined : cpuSeconds(serverPid);
    const started = performance.now();
    const output = await run("/usr/bin/time", ["-f", "%U %S %e", "-o", timeLog, ...pinned]);
    const wallSeconds = (performance.now() - started) / 1000;
    const serverAfter = serverPid === undefined ? undefined : cpuSeconds(serverPid);
    const line = output.split("\n").find((candidate) => candidate.startsWith("WRK_RESULT "));
    if (!line) throw new Error(`wrk printed no result for ${request.url}: ${output.slice(-400)}`);
    const result = JSON.parse(line.slice("WRK_RESULT ".length)) as WrkResult;
    const [user, system, elapsed] =
      readFileSync(timeLog, "utf8").trim().split("\n").at(-1)?.split(" ").map(Number) ?? [];
    const responses = Math.max(1, result.requests);
    return {
      rps: result.requests / (result.duration_us / 1e6),
      p50: result.p50_us / 1000,
      p99: result.p99_us / 1000,
      bytesPerResponse: result.bytes / responses,
      failures: result.errors + result.status_errors,
      generatorCpu: (100 * ((user ?? 0) + (system ?? 0))) / (elapsed || wallSeconds),
      ...(serverBefore !== undefined && serverAfter !== undefined
        ? { serverCpu: (100 * (serverAfter - serverBefore)) / wallSeconds }
        : {}),
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`${args.at(-1)}: wrk exited with ${code}: ${output.slice(-400)}`)),
    );
  });
}
