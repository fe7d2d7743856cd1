// Each bundle has its own copy of this file, so the hooks live on globalThis for instrumentation.ts to run.
import type { Logger } from "pino";

type Hook = { name: string; run: () => Promise<void> };

/** What an orchestrator allows between SIGTERM and SIGKILL; we exit before it. */
const SHUTDOWN_LIMIT_MS = 9_500;

const globalForShutdown = globalThis as unknown as { dashboardShutdownHooks?: Map<string, Hook> };

const hooks = () => (globalForShutdown.dashboardShutdownHooks ??= new Map());

export function onShutdown(name: string, run: () => Promise<void>) {
  hooks().set(name, { name, run });
}

// Next leaves SIGTERM and SIGINT to us under NEXT_MANUAL_SIG_HANDLE: the hooks run while the server still answers.
export function drainOnSignals(log: Logger) {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ msg: "stopping", signal });
    const limit = setTimeout(() => {
      log.error({ msg: "stopped before the work in flight finished", limitMs: SHUTDOWN_LIMIT_MS });
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS);
    const failed = (step: string) => (error: Error) =>
      log.error({ msg: "a shutdown step failed", step, error: error.message });
    await Promise.all([...hooks().values()].map((hook) => hook.run().catch(failed(hook.name))));
    clearTimeout(limit);
    log.info({ msg: "stopped", signal });
    process.exit(0);
  };
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, (received) => void stop(received));
}
