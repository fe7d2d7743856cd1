// Part 2 of `npm run bench` on its own: what the dashboard adds to its marketplace calls, one request at a time.
// `npx tsx bench/overhead.ts [--rounds 100]` prints section 2 of docs/benchmarks.md.
import { parseArgs } from "node:util";
import { freePort } from "../test/harness/dashboard-process.js";
import { measureOverhead } from "./dashboard-overhead.js";
import { killStartedGroups, snapshotBuild } from "./loadtest-processes.js";
import { overheadSection } from "./report.js";
import { startBenchSandbox, stopBenchSandbox } from "./sandbox-memory.js";

const { values } = parseArgs({ options: { rounds: { type: "string", default: "100" } } });
const log = (line: string) => console.log(`[overhead] ${line}`);
const build = await snapshotBuild(log);
process.on("exit", () => (killStartedGroups(), build.remove()));
const sandbox = await startBenchSandbox(await freePort());
try {
  console.log(
    overheadSection(
      await measureOverhead({
        sandboxUrl: sandbox.url,
        port: await freePort(),
        distDir: build.distDir,
        rounds: Number(values.rounds),
        log,
      }),
    ).join("\n"),
  );
} finally {
  await stopBenchSandbox(sandbox);
}
