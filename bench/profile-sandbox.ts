// Where the sandbox spends its time on the three bench calls: `npx tsx bench/profile-sandbox.ts [--seconds 6] [--only POST]` runs it
// under `node --cpu-prof`, loads each call with wrk in turn, and prints the functions with the most self time (and the
// profile's path, for Chrome DevTools' Performance panel).
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { freePort } from "../scripts/dashboard-process.js";
import { benchOperations } from "./mock-vs-sandbox.js";
import { stopAll } from "./processes.js";
import { startBenchSandbox, stopBenchSandbox } from "./sandbox-memory.js";
import { CORES, pin, wrk } from "./wrk.js";

type CallFrame = { functionName: string; url: string; lineNumber: number };
type Profile = { nodes: { id: number; callFrame: CallFrame; children?: number[] }[]; samples: number[]; timeDeltas: number[] };

const { values } = parseArgs({ options: { seconds: { type: "string", default: "6" }, top: { type: "string", default: "30" }, port: { type: "string" }, only: { type: "string" } } });
const folder = mkdtempSync(join(tmpdir(), "sandbox-profile-"));
const sandbox = await startBenchSandbox(Number(values.port ?? (await freePort())), ".", ["--cpu-prof", "--cpu-prof-dir", folder]);
try {
  if (CORES) pin(sandbox.pid, CORES.server);
  for (const { operation, request } of await benchOperations(sandbox.url)) {
    if (values.only && !operation.includes(values.only)) continue;
    const run = await wrk(request(sandbox.url), 10, Number(values.seconds), sandbox.pid);
    console.log(`${operation}: ${run.rps.toFixed(0)} req/s, server CPU ${run.serverCpu?.toFixed(0)}%`);
  }
} finally {
  await stopBenchSandbox(sandbox);
  await stopAll();
}

const file = readdirSync(folder).find((name) => name.endsWith(".cpuprofile"));
if (!file) throw new Error(`no profile was written to ${folder}`);
const profile = JSON.parse(readFileSync(join(folder, file), "utf8")) as Profile;
const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
const self = new Map<string, number>();
let total = 0;
profile.samples.forEach((id, index) => {
  const frame = frames.get(id);
  const delta = profile.timeDeltas[index] ?? 0;
  total += delta;
  if (!frame) return;
  const name = `${frame.functionName || "(anonymous)"}  ${frame.url.replace(/^.*node_modules\//, "").replace(`file://${process.cwd()}/`, "")}:${frame.lineNumber + 1}`;
  self.set(name, (self.get(name) ?? 0) + delta);
});
console.log(`\nself time, ${(total / 1e6).toFixed(1)} s sampled (${join(folder, file)}):`);
for (const [name, time] of [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top))) console.log(`${((100 * time) / total).toFixed(1).padStart(5)}%  ${name}`);
