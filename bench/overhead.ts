// Part 2 of `npm run bench` on its own: what the dashboard adds to its marketplace calls, one request at a time.
// `npx tsx bench/overhead.ts [--rounds 100]`; medians in ms.
import { parseArgs } from "node:util";
import { freePort } from "../scripts/dashboard-process.js";
import { measureOverhead } from "./dashboard-overhead.js";
import { killStartedGroups, snapshotBuild } from "./loadtest-processes.js";
import { startBenchSandbox, stopBenchSandbox } from "./sandbox-memory.js";

const { values } = parseArgs({ options: { rounds: { type: "string", default: "100" } } });
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
const log = (line: string) => console.log(`[overhead] ${line}`);
const build = await snapshotBuild(log);
process.on("exit", () => (killStartedGroups(), build.remove()));
const sandbox = await startBenchSandbox(await freePort());
try {
  for (const row of await measureOverhead({ sandboxUrl: sandbox.url, port: await freePort(), distDir: build.distDir, rounds: Number(values.rounds), log })) {
    const through = median(row.dashboardMs);
    const direct = median(row.directMs);
    console.log(`${row.name.padEnd(22)} through the dashboard ${through.toFixed(2)} ms, direct ${direct.toFixed(2)} ms, overhead ${(through - direct).toFixed(2)} ms (medians of ${row.dashboardMs.length})`);
  }
} finally {
  await stopBenchSandbox(sandbox);
}
