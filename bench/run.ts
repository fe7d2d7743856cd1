// npm run bench: every figure of issue 5 in one run, written to docs/benchmarks.md. Stops every process it started.
import { cpus, loadavg, totalmem } from "node:os";
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { freePort } from "../scripts/dashboard-process.js";
import { measureOverhead } from "./dashboard-overhead.js";
import { compareWithPrism } from "./mock-vs-sandbox.js";
import { clientEntries, dependencyShares, firstLoadJs } from "./page-weight.js";
import { snapshotBuild } from "./loadtest-processes.js";
import { stopAll } from "./processes.js";
import { report, type Machine } from "./report.js";
import { sandboxWithManyListings, startBenchSandbox, stopBenchSandbox } from "./sandbox-memory.js";
import { measureStart } from "./start-memory.js";

const started = Date.now();
const log = (line: string) => console.log(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${line}`);

const DEPENDENCIES = {
  "react-hook-form + @hookform/resolvers": ["react-hook-form", "@hookform/resolvers"],
  zod: ["zod"],
  "@tanstack/react-query": ["@tanstack/react-query"],
};

function machine(): Machine {
  const busy = ["next build", "vitest", "playwright", "next-server", "prism mock"].filter(
    (name) => (spawnSync("pgrep", ["-f", name], { encoding: "utf8" }).stdout ?? "").trim() !== "",
  );
  return { cores: cpus().length, cpu: cpus()[0]?.model ?? "unknown", memoryGb: totalmem() / 1e9, node: process.versions.node, loadAverage: loadavg(), busy };
}

async function main() {
  const host = machine();
  log(`${host.cores} cores, ${host.memoryGb.toFixed(1)} GB; ${host.busy.length ? `also running here: ${host.busy.join(", ")}` : "machine quiet"}`);
  const build = await snapshotBuild(log);
  try {
    log(`build copied to ${build.distDir}`);
    const sandbox = await startBenchSandbox(await freePort());
    log(`sandbox on ${sandbox.url}`);
    let maxRssMb: number | undefined;
    let many;
    let mock;
    let overhead;
    try {
      mock = await compareWithPrism({ sandboxUrl: sandbox.url, prismPort: await freePort(), connections: 10, seconds: 4, rounds: 3, log });
      overhead = await measureOverhead({ sandboxUrl: sandbox.url, port: await freePort(), distDir: build.distDir, rounds: 100, log });
      for (const item of overhead) log(`${item.name}: measured ${item.dashboardMs.length} pairs`);
    } finally {
      await stopBenchSandbox(sandbox);
    }
    // A fresh sandbox, so the memory it reports is what 10,000 listings cost, not what the runs above left behind.
    const fresh = await startBenchSandbox(await freePort());
    try {
      many = await sandboxWithManyListings(fresh, 10_000, 8);
      log(`10,000 listings: ${many.seededMb.toFixed(0)} MB seeded, ${many.afterCreateMb.toFixed(0)} MB after creating, ${many.peakMb.toFixed(0)} MB peak under load`);
    } finally {
      maxRssMb = await stopBenchSandbox(fresh);
    }
    const start = await measureStart({ port: await freePort(), sandboxPort: await freePort(), distDir: build.distDir, starts: 3, sellers: 50, loadSeconds: 15, log });
    const weights = [];
    for (const route of ["/sign-in", "/listings", "/listings/[id]"]) {
      const weight = firstLoadJs(build.distDir, route);
      const { all, shares } = await dependencyShares(clientEntries(build.distDir, route), DEPENDENCIES);
      weights.push({ weight, shares, own: all });
      log(`${route}: ${(weight.gzip / 1000).toFixed(1)} kB first-load JS`);
    }
    const markdown = report({
      date: new Date().toISOString().slice(0, 16).replace("T", " ") + " UTC",
      durationS: (Date.now() - started) / 1000,
      machine: host,
      mock,
      overhead,
      weights,
      start,
      many: { ...many, maxRssMb },
    });
    writeFileSync("docs/benchmarks.md", markdown);
    log("wrote docs/benchmarks.md");
  } finally {
    build.remove();
  }
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    void stopAll().then(() => process.exit(130));
  });
}

main()
  .catch(async (error: unknown) => {
    console.error(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exitCode = 1;
  })
  .finally(() => stopAll());
