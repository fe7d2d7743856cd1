import "server-only";
import { tokenStore } from "../auth/token-store";
import { db } from "../db";
import { marketplaceConfig } from "../marketplace/config";
import { personalizationPhase } from "../marketplace";
import { createJobRunner, type JobRunner } from "./job-runner";

const globalForRunner = globalThis as unknown as { bulkJobRunner?: Promise<JobRunner> };

/** The process's one runner, started on first use (a bulk action, a progress poll, or the server starting) and left running. */
export function ensureJobRunner(): Promise<JobRunner> {
  globalForRunner.bulkJobRunner ??= db()
    .then((database) => {
      const runner = createJobRunner({ db: database, config: marketplaceConfig(), store: tokenStore(database), phase: () => personalizationPhase().current() });
      runner.start();
      return runner;
    })
    .catch((error: unknown) => {
      globalForRunner.bulkJobRunner = undefined;
      throw error;
    });
  return globalForRunner.bulkJobRunner;
}

/** New work is waiting: look now rather than at the next idle check. */
export async function wakeJobRunner() {
  (await ensureJobRunner()).wake();
}
