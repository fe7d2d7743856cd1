// DASHBOARD_WORKERS > 1: the primary forks that many servers (scripts/serve.ts), which share its port (node:cluster hands
// each connection to one of them in turn); it replaces a worker that dies and passes SIGTERM on, so each one drains as a
// single server does. Everything a request needs beyond its own process is in the database (sessions, tokens, bulk
// leases, the pacer, the shops' write counts), so any worker can answer any seller.
import cluster from "node:cluster";
import type { Logger } from "pino";
import { answerPoolMetrics } from "../lib/observability/cluster-metrics";

/** More exits than this within the window is a crash loop (a broken build, a full disk): stop instead of forking on. */
const RESTARTS_ALLOWED = 5;
const RESTART_WINDOW_MS = 30_000;

export function superviseWorkers(count: number, log: Logger) {
  let stopping = false;
  let exitCode = 0;
  let alive = 0;
  const recentExits: number[] = [];
  const fork = () => {
    alive += 1;
    cluster.fork();
  };

  function stop(code: number) {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    if (alive === 0) process.exit(exitCode);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
  }

  cluster.on("exit", (worker, code, signal) => {
    alive -= 1;
    if (stopping) {
      if (code) exitCode = Math.max(exitCode, code);
      if (alive === 0) process.exit(exitCode);
      return;
    }
    const now = Date.now();
    recentExits.push(now);
    while (recentExits[0]! < now - RESTART_WINDOW_MS) recentExits.shift();
    if (recentExits.length > RESTARTS_ALLOWED) {
      log.error({
        msg: "workers keep exiting: stopping the server",
        exits: recentExits.length,
        withinMs: RESTART_WINDOW_MS,
      });
      stop(1);
      return;
    }
    log.error({ msg: "a worker exited: starting another", worker: worker.process.pid, code, signal });
    fork();
  });

  answerPoolMetrics();
  for (let index = 0; index < count; index++) fork();
  log.info({ msg: "worker pool", workers: count });
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => stop(0));
}
