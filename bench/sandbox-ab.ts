// Before/after for sandbox changes: `npx tsx bench/sandbox-ab.ts <other checkout>` runs that checkout's sandbox and this
// one side by side (alternating, as npm run bench does) on the three bench calls. Make the other checkout with
// `git worktree add /tmp/before <commit>` and link its node_modules to this one's.
import { freePort } from "../scripts/dashboard-process.js";
import { cannon, median, type Throughput } from "./load.js";
import { benchOperations } from "./mock-vs-sandbox.js";
import { stopAll } from "./processes.js";
import { startBenchSandbox, stopBenchSandbox } from "./sandbox-memory.js";

const other = process.argv[2];
if (!other) {
  console.error("Usage: npx tsx bench/sandbox-ab.ts <path to another checkout of this project>");
  process.exit(2);
}

const [before, after] = [await startBenchSandbox(await freePort(), other), await startBenchSandbox(await freePort())];
try {
  const [opsBefore, opsAfter] = [await benchOperations(before.url), await benchOperations(after.url)];
  console.log(`| operation | ${other} req/s (p99 ms) | this checkout req/s (p99 ms) | ratio |\n|---|---:|---:|---:|`);
  for (const [index, op] of opsAfter.entries()) {
    const runs = { before: [] as Throughput[], after: [] as Throughput[] };
    for (let round = 0; round < 3; round++) {
      runs.before.push(await cannon((opsBefore[index] ?? op).request(before.url), 10, 4));
      runs.after.push(await cannon(op.request(after.url), 10, 4));
    }
    const [b, a] = [median(runs.before.map((run) => run.rps)), median(runs.after.map((run) => run.rps))];
    console.log(`| ${op.operation} | ${b.toFixed(0)} (${median(runs.before.map((run) => run.p99))}) | ${a.toFixed(0)} (${median(runs.after.map((run) => run.p99))}) | ${(a / b).toFixed(1)}x |`);
  }
} finally {
  await Promise.all([stopBenchSandbox(before), stopBenchSandbox(after)]);
  await stopAll();
}
