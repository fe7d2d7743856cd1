// npm run loadtest: many signed-in sellers on the built dashboard (listings page + save action) for a fixed time;
// --soak adds marketplace write faults and counts lost and phantom writes. Not part of npm test.
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { freePort } from "../test/harness/dashboard-process";
import { signInOverHttp } from "../test/harness/http-sign-in";
import { callSaveAction, saveActionId, type QuestionInput } from "./loadtest-action";
import { FaultInjector, faultKinds } from "./loadtest-faults";
import { Ledger, outcomeOf, type Held } from "./loadtest-ledger";
import {
  cpuProfileArgs,
  killStartedGroups,
  snapshotBuild,
  startDashboardProcess,
  startSandboxProcess,
  stopDashboard,
  type RunningDashboard,
  type SandboxProcess,
} from "./loadtest-processes";
import { Sampler, type ProcessFigures } from "./loadtest-sampler";
import { Latencies, mapLimit, ms } from "./loadtest-stats";
import { LOAD_TARGETS as TARGETS, latencyFigures, type LoadFigures } from "./loadtest-figures";

// Every page carries an empty alert region for toasts (components/feedback); only one with something in it is an error.
const withoutEmptyAlerts = (html: string) => html.replace(/<(\w+)[^>]*role="alert"[^>]*><\/\1>/g, "");

const USAGE =
  "Usage: npm run loadtest -- [--sellers 50] [--listings 10] [--seconds 60] [--think-ms 0] [--soak] [--fault-rate 0.1] [--timeout-ms N] [--delay-ms 3000] [--json file] [--dist-dir dir] [--cpu-prof dir] [--verbose]";

const { values: flags } = parseArgs({
  options: {
    sellers: { type: "string", default: "50" },
    listings: { type: "string", default: "10" },
    seconds: { type: "string", default: "60" },
    "think-ms": { type: "string", default: "0" },
    soak: { type: "boolean", default: false },
    "fault-rate": { type: "string", default: "0.1" },
    "timeout-ms": { type: "string" },
    "delay-ms": { type: "string", default: "3000" },
    json: { type: "string" },
    "dist-dir": { type: "string" },
    "cpu-prof": { type: "string" },
    verbose: { type: "boolean", default: false },
    help: { type: "boolean", default: false },
  },
  strict: true,
});
if (flags.help) {
  console.log(USAGE);
  process.exit(0);
}

function positive(name: string, value: string | undefined): number {
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0) {
    console.error(`--${name} must be a positive number, got "${value}".\n${USAGE}`);
    process.exit(2);
  }
  return number;
}

const soak = flags.soak;
const sellerCount = positive("sellers", flags.sellers);
const listingCount = positive("listings", flags.listings);
const seconds = positive("seconds", flags.seconds);
const faultRate = positive("fault-rate", flags["fault-rate"]);
const thinkMs = Number(flags["think-ms"]);
if (!Number.isFinite(thinkMs) || thinkMs < 0) {
  console.error(`--think-ms must be 0 or more, got "${flags["think-ms"]}".\n${USAGE}`);
  process.exit(2);
}
const delayMs = positive("delay-ms", flags["delay-ms"]);
// In the soak the client must give up before the sandbox's injected delay ends.
const timeoutMs = positive("timeout-ms", flags["timeout-ms"] ?? (soak ? "2000" : "8000"));
if (soak && delayMs <= timeoutMs) {
  console.error(
    `--delay-ms (${delayMs}) must be longer than the client's time-out (${timeoutMs}) for the soak's late writes.`,
  );
  process.exit(2);
}
const stdio = flags.verbose ? "inherit" : "ignore";
const log = (line: string) => console.log(`[loadtest] ${line}`);

type Seller = { cookie: string; listingIds: number[]; turn: number; quarantinedUntil: Map<number, number> };

// Every seller made by the control API has listings titled "Test listing <n>".
const FIRST_TITLE = "Test listing 1";

let stopping = false;
let interrupted = false;
let interruptedAt = 0;
/** Synchronous clean-up that must also happen on a forced exit. */
const onExit: Array<() => void> = [killStartedGroups];
process.on("exit", () => onExit.forEach((clean) => clean()));
process.on("SIGINT", () => {
  // One Ctrl-C reaches npm, tsx and this process, and tsx passes it on: the same press can arrive twice.
  if (interruptedAt && Date.now() - interruptedAt > 1000) process.exit(130);
  if (interruptedAt) return;
  interruptedAt = Date.now();
  stopping = true;
  interrupted = true;
  log("interrupted: finishing the requests in flight, then stopping every process (Ctrl-C again to kill them now)");
});

async function json<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, init);
  if (!response.ok)
    throw new Error(`${init?.method ?? "GET"} ${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

async function heldBySandbox(sandboxUrl: string, listingId: number): Promise<Held> {
  const listing = await json<{ personalization?: { personalization_questions: Array<NonNullable<Held>> } }>(
    `${sandboxUrl}/__sandbox/listings/${listingId}`,
  );
  return listing.personalization?.personalization_questions[0];
}

async function main() {
  const startedAt = new Date();
  const loadBefore = loadavg();
  log(
    `${soak ? "fault soak" : "load"}: ${sellerCount} sellers × ${listingCount} listings for ${seconds} s, ${thinkMs ? `pausing about ${thinkMs} ms between actions` : "no pause between actions"}; ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}, load average ${loadBefore.map((n) => n.toFixed(2)).join(" ")}`,
  );

  // npm run bench passes the build copy it already made: used as it is, neither copied again nor removed here.
  const given = flags["dist-dir"];
  const build = given ? { distDir: given, remove: () => {} } : await snapshotBuild(log);
  const workDir = mkdtempSync(join(tmpdir(), "loadtest-"));
  onExit.push(build.remove, () => rmSync(workDir, { recursive: true, force: true }));
  let sandbox: SandboxProcess | undefined;
  let dashboard: RunningDashboard | undefined;
  try {
    const actionId = saveActionId(build.distDir);
    sandbox = await startSandboxProcess(await freePort(), 1_000_000, stdio, log);
    dashboard = await startDashboardProcess(
      {
        port: await freePort(),
        sandboxUrl: sandbox.url,
        timeoutMs,
        dashboardDb: join(workDir, "dashboard.db"),
        distDir: build.distDir,
        stdio,
        nodeArgs: cpuProfileArgs(flags["cpu-prof"]),
      },
      log,
    );
    log(
      `sandbox pid ${sandbox.pid} on ${sandbox.url}; dashboard next-server pid ${dashboard.pid} on ${dashboard.url} (MARKETPLACE_TIMEOUT_MS ${timeoutMs}, build ${build.distDir})`,
    );
    const sandboxUrl = sandbox.url;
    const dashboardUrl = dashboard.url;

    const created = await mapLimit(Array.from({ length: sellerCount }), 10, () =>
      json<{ email: string; password: string; listing_ids: number[] }>(`${sandboxUrl}/__sandbox/sellers`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ listings: listingCount }),
      }),
    );
    const sellers: Seller[] = await mapLimit(created, 5, async (seller) => {
      if (stopping) throw new Error("interrupted during sign-in");
      const { cookie } = await signInOverHttp(dashboardUrl, seller);
      return { cookie, listingIds: seller.listing_ids, turn: 0, quarantinedUntil: new Map() };
    });
    log(`${sellers.length} sellers signed in, each with a session of their own`);

    const ledger = new Ledger();
    const latency = { page: new Latencies(), save: new Latencies(), stored: new Latencies() };
    const errorSamples = new Map<string, number>();
    let measuring = false;
    let savesSent = 0;
    let counter = 0;
    const quarantineMs = Math.max(delayMs, timeoutMs) + 1000;

    const fail = (kind: "page" | "save", message: string) => {
      if (!measuring) return;
      latency[kind].errors += 1;
      const key = `${kind}: ${message.slice(0, 160)}`;
      errorSamples.set(key, (errorSamples.get(key) ?? 0) + 1);
    };

    async function openPage(seller: Seller) {
      const started = performance.now();
      try {
        const response = await fetch(`${dashboardUrl}/listings?state=active&page=1`, {
          headers: { cookie: seller.cookie },
          redirect: "manual",
        });
        const html = await response.text();
        if (measuring) latency.page.add(performance.now() - started);
        const alert = /role="alert"[^>]*>([^<]*)/.exec(withoutEmptyAlerts(html));
        if (response.status !== 200)
          fail("page", `status ${response.status} ${response.headers.get("location") ?? ""}`);
        else if (alert) fail("page", `the page shows an error: ${alert[1]}`);
        else if (!html.includes(FIRST_TITLE)) fail("page", "the page does not list the seller's listings");
      } catch (error) {
        fail("page", (error as Error).message);
      }
    }

    /** Round robin over the seller's listings, skipping one whose last save ended in "cannot tell": its write may still land. */
    function nextListing(seller: Seller): number | undefined {
      const now = Date.now();
      for (let step = 0; step < seller.listingIds.length; step++) {
        const listingId = seller.listingIds[seller.turn++ % seller.listingIds.length] as number;
        if ((seller.quarantinedUntil.get(listingId) ?? 0) <= now) return listingId;
      }
      return undefined;
    }

    async function save(seller: Seller) {
      const listingId = nextListing(seller);
      if (listingId === undefined) return;
      const n = ++counter;
      const question: QuestionInput = {
        instructions: `Load test save ${n} on listing ${listingId}`,
        maxAllowedCharacters: (n % 1024) + 1,
        required: n % 2 === 0,
      };
      savesSent += 1;
      const started = performance.now();
      let result;
      try {
        result = await callSaveAction(dashboardUrl, actionId, seller.cookie, listingId, question);
      } catch (error) {
        ledger.record(listingId, question, "error", "no usable answer");
        fail("save", (error as Error).message);
        return;
      }
      const took = performance.now() - started;
      const { outcome, reason } = outcomeOf(result, question);
      const recorded = ledger.record(listingId, question, outcome, reason);
      if (measuring) latency.save.add(took);
      if (measuring && outcome === "stored") latency.stored.add(took);
      if (outcome === "error" || (!soak && outcome !== "stored")) fail("save", result.ok ? reason : result.formError);
      if (outcome === "unknown") seller.quarantinedUntil.set(listingId, Date.now() + quarantineMs);
      // In the soak each answer is checked against the sandbox at once; the final check below covers the rest.
      if (soak && (outcome === "stored" || outcome === "not_stored"))
        ledger.checkNow(recorded, await heldBySandbox(sandboxUrl, listingId));
    }

    // A seller's pause between two actions, spread over 0.5x to 1.5x so that sellers do not move in step.
    const think = () =>
      thinkMs > 0 && !stopping
        ? new Promise((resolve) => setTimeout(resolve, thinkMs * (0.5 + Math.random())))
        : undefined;

    log("warm-up: one page and one save per seller (not measured)");
    await Promise.all(sellers.map(async (seller) => (await openPage(seller), await save(seller))));

    const sampler = new Sampler([dashboard, sandbox, { name: "load generator", pid: process.pid }]);
    const injector = soak ? new FaultInjector(sandboxUrl, faultKinds(delayMs), faultRate, () => savesSent) : undefined;
    sampler.start();
    injector?.start();
    measuring = true;
    const cpuBefore = process.cpuUsage();
    const t0 = performance.now();
    const until = Date.now() + seconds * 1000;
    const progress = setInterval(
      () =>
        log(
          `${Math.round((performance.now() - t0) / 1000)} s: ${latency.page.count} pages, ${latency.save.count} saves, ${latency.page.errors + latency.save.errors} errors; RSS ${sampler.now()}`,
        ),
      10_000,
    );
    await Promise.all(
      sellers.map(async (seller) => {
        // With think time, sellers arrive spread over one pause instead of all at the same instant.
        if (thinkMs > 0) await new Promise((resolve) => setTimeout(resolve, thinkMs * Math.random()));
        while (Date.now() < until && !stopping) {
          await openPage(seller);
          await think();
          if (Date.now() >= until || stopping) break;
          await save(seller);
          await think();
        }
      }),
    );
    const elapsed = (performance.now() - t0) / 1000;
    measuring = false;
    clearInterval(progress);
    const processes: ProcessFigures[] = sampler.stop();
    const faults = injector && (await injector.stop());
    if (injector) {
      log(`waiting ${quarantineMs} ms for delayed writes to land before the final check`);
      await new Promise((resolve) => setTimeout(resolve, quarantineMs));
      await injector.countWrites();
    }

    const allListings = sellers.flatMap((seller) => seller.listingIds);
    await mapLimit(allListings, 10, async (listingId) =>
      ledger.checkFinal(listingId, await heldBySandbox(sandboxUrl, listingId)),
    );

    const cpu = process.cpuUsage(cpuBefore);
    const generator = processes.find((entry) => entry.pid === process.pid);
    if (generator) generator.cpuSeconds = (cpu.user + cpu.system) / 1e6;
    const errors = latency.page.errors + latency.save.errors;
    const requests = latency.page.count + latency.save.count;
    const dashboardFigures = processes[0] as ProcessFigures;
    const checks = {
      errors: errors === 0,
      lost: ledger.lost.size === 0,
      phantom: ledger.phantom.size === 0,
      dashboardRss: dashboardFigures.peakRssMb < TARGETS.dashboardRssMb,
      ...(soak ? {} : { saveP99: latency.save.percentile(99) < TARGETS.saveP99Ms }),
    };

    const line = (name: string, figures: Latencies) =>
      `${name.padEnd(6)} ${String(figures.count).padStart(7)} requests  ${(figures.count / elapsed).toFixed(1).padStart(7)}/s  p50 ${ms(figures.percentile(50)).padStart(9)}  p99 ${ms(figures.percentile(99)).padStart(9)}  max ${ms(figures.max()).padStart(9)}  errors ${figures.errors}`;
    console.log(`
== ${soak ? "Fault soak" : "Load test"}: ${sellerCount} sellers × ${listingCount} listings, ${elapsed.toFixed(1)} s, think time ${thinkMs} ms${interrupted ? " (interrupted)" : ""}
started ${startedAt.toISOString()}; ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GiB; load average before ${loadBefore.map((n) => n.toFixed(2)).join(" ")}, after ${loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")}
${line("page", latency.page)}
${line("save", latency.save)}${soak ? `\n${line("stored", latency.stored)}  (saves reported stored)` : ""}
total  ${String(requests).padStart(7)} requests  ${(requests / elapsed).toFixed(1).padStart(7)}/s  errors ${errors}
${processes.map((entry) => `${entry.name.padEnd(24)} pid ${String(entry.pid).padEnd(7)}${entry.processes > 1 ? ` (${entry.processes} processes, summed)` : ""} peak RSS ${entry.peakRssMb.toFixed(0).padStart(4)} MB (VmHWM ${entry.hwmMb.toFixed(0)} MB)  CPU ${entry.cpuSeconds.toFixed(1)} s = ${(entry.cpuSeconds / elapsed).toFixed(2)} cores`).join("\n")}
saves: ${ledger.count("stored")} reported stored, ${ledger.count("not_stored")} reported not stored, ${ledger.count("unknown")} reported "cannot tell" (${ledger.unknownLanded} of those are what the sandbox holds at the end), ${ledger.count("error")} without a usable answer
lost writes (reported stored, not in the sandbox): ${ledger.lost.size}; phantom writes (reported not stored, yet in the sandbox): ${ledger.phantom.size}`);
    if (soak && faults) {
      console.log(
        `faults queued ${faults.queued}, spent ${faults.spent} (${JSON.stringify(injector?.byKind)}); writes the sandbox saw by status: ${JSON.stringify(injector?.writes)}`,
      );
      console.log(`what sellers were told: ${JSON.stringify(ledger.reasons())}`);
    }
    for (const [message, count] of errorSamples) console.log(`error ×${count}: ${message}`);
    console.log(
      `targets: ${Object.entries(checks)
        .map(([name, met]) => `${name} ${met ? "met" : "MISSED"}`)
        .join(", ")}`,
    );

    if (flags.json) {
      const figures: LoadFigures = {
        command: `npm run loadtest -- ${process.argv.slice(2).join(" ")}`.trim(),
        startedAt: startedAt.toISOString(),
        machine: {
          cores: cpus().length,
          memoryGiB: totalmem() / 2 ** 30,
          node: process.version,
          loadBefore,
          loadAfter: loadavg(),
        },
        sellers: sellerCount,
        listings: listingCount,
        seconds: elapsed,
        thinkMs,
        soak,
        timeoutMs,
        page: latencyFigures(latency.page, elapsed),
        save: latencyFigures(latency.save, elapsed),
        stored: latencyFigures(latency.stored, elapsed),
        total: { count: requests, perSecond: requests / elapsed, errors },
        processes,
        saves: {
          stored: ledger.count("stored"),
          notStored: ledger.count("not_stored"),
          unknown: ledger.count("unknown"),
          unknownLanded: ledger.unknownLanded,
          error: ledger.count("error"),
        },
        lost: ledger.lost.size,
        phantom: ledger.phantom.size,
        faults: faults && { ...faults, byKind: injector?.byKind, writes: injector?.writes, told: ledger.reasons() },
        errors: Object.fromEntries(errorSamples),
        checks,
      };
      writeFileSync(flags.json, JSON.stringify(figures, null, 2));
    }
    return Object.values(checks).every(Boolean) && !interrupted;
  } finally {
    stopping = true;
    if (dashboard) await stopDashboard(dashboard.dashboard);
    await sandbox?.stop();
    build.remove();
    rmSync(workDir, { recursive: true, force: true });
  }
}

main().then(
  (passed) => process.exit(passed ? 0 : 1),
  (error: Error) => {
    console.error(`[loadtest] failed: ${error.stack ?? error.message}`);
    process.exit(1);
  },
);
