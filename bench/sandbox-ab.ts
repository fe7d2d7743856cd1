// Before/after for sandbox changes: `npx tsx bench/sandbox-ab.ts <other checkout> [--seconds 4] [--rounds 3]` runs that
// checkout's sandbox and this one side by side (alternating, both pinned to one core and wrk to the other, as npm run
// bench does) on the three bench calls. Make the other checkout with `git worktree add /tmp/before <commit>` and link
// its node_modules to this one's.
import { parseArgs } from "node:util";
import { freePort } from "../test/harness/dashboard-process.js";
import { median } from "./load.js";
import { cpuPerAnswer } from "./report-targets.js";
import { benchOperations } from "./mock-vs-sandbox.js";
import { stopAll } from "./processes.js";
import { startBenchSandbox, stopBenchSandbox } from "./sandbox-memory.js";
import { CORES, pin, wrk, type Throughput } from "./wrk.js";

const { values, positionals } = parseArgs({
  options: { seconds: { type: "string", default: "4" }, rounds: { type: "string", default: "3" } },
  allowPositionals: true,
});
const other = positionals[0];
if (!other) {
  console.error(
    "Usage: npx tsx bench/sandbox-ab.ts <path to another checkout of this project> [--seconds 4] [--rounds 3]",
  );
  process.exit(2);
}
const [seconds, rounds] = [Number(values.seconds), Number(values.rounds)];

const [before, after] = [await startBenchSandbox(await freePort(), other), await startBenchSandbox(await freePort())];
try {
  if (CORES) for (const sandbox of [before, after]) pin(sandbox.pid, CORES.server);
  const [opsBefore, opsAfter] = [await benchOperations(before.url), await benchOperations(after.url)];
  const p99 = (runs: Throughput[]) => median(runs.map((run) => run.p99)).toFixed(2);
  console.log(
    `| operation | ${other} req/s (p99 ms) | this checkout req/s (p99 ms) | ratio | server CPU µs per answer (before → after) | wrk CPU |\n|---|---:|---:|---:|---:|---:|`,
  );
  for (const [index, op] of opsAfter.entries()) {
    const requests = { before: (opsBefore[index] ?? op).request(before.url), after: op.request(after.url) };
    await wrk(requests.before, 10, 1);
    await wrk(requests.after, 10, 1);
    const runs = { before: [] as Throughput[], after: [] as Throughput[] };
    for (let round = 0; round < rounds; round++) {
      runs.before.push(await wrk(requests.before, 10, seconds, before.pid));
      runs.after.push(await wrk(requests.after, 10, seconds, after.pid));
    }
    const [b, a] = [median(runs.before.map((run) => run.rps)), median(runs.after.map((run) => run.rps))];
    const generator = median([...runs.before, ...runs.after].map((run) => run.generatorCpu));
    const cpu = `${cpuPerAnswer(runs.before).toFixed(0)} → ${cpuPerAnswer(runs.after).toFixed(0)}`;
    console.log(
      `| ${op.operation} | ${b.toFixed(0)} (${p99(runs.before)}) | ${a.toFixed(0)} (${p99(runs.after)}) | ${(a / b).toFixed(2)}x | ${cpu} | ${generator.toFixed(0)}% |`,
    );
  }
} finally {
  await Promise.all([stopBenchSandbox(before), stopBenchSandbox(after)]);
  await stopAll();
}
