// Where the sandbox spends its time on the three bench calls: `npx tsx bench/profile-sandbox.ts [--seconds 6] [--only POST]` runs it
// under `node --cpu-prof`, loads each call with wrk in turn, and prints the functions with the most self time (and the
// profile's path, for Chrome DevTools' Performance panel).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { freePort } from "../test/harness/dashboard-process.js";
import { printTop, readProfile, summarise } from "./cpu-profile.js";
import { benchOperations } from "./mock-vs-sandbox.js";
import { stopAll } from "./processes.js";
import { startBenchSandbox, stopBenchSandbox } from "./sandbox-memory.js";
import { CORES, pin, wrk } from "./wrk.js";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "6" },
    top: { type: "string", default: "30" },
    port: { type: "string" },
    only: { type: "string" },
  },
});
const folder = mkdtempSync(join(tmpdir(), "sandbox-profile-"));
const sandbox = await startBenchSandbox(Number(values.port ?? (await freePort())), ".", [
  "--cpu-prof",
  "--cpu-prof-dir",
  folder,
]);
try {
  if (CORES) pin(sandbox.pid, CORES.server);
  for (const { operation, request } of await benchOperations(sandbox.url)) {
    // A whole word of the name: "getListing" is not also "getListingsByShop"; "POST" still picks the write.
    if (values.only && !operation.split(/[ (),]+/).includes(values.only)) continue;
    const run = await wrk(request(sandbox.url), 10, Number(values.seconds), sandbox.pid);
    console.log(`${operation}: ${run.rps.toFixed(0)} req/s, server CPU ${run.serverCpu?.toFixed(0)}%`);
  }
} finally {
  await stopBenchSandbox(sandbox);
  await stopAll();
}

const { file, profile } = readProfile(folder);
const { self, total } = summarise(profile);
console.log(file);
printTop("self time", self, total, Number(values.top));
