import "server-only";
import { tokenStore } from "../auth/token-store";
import { db } from "../db";
import { env } from "../env";
import { marketplaceConfig } from "../marketplace/config";
import { logger } from "../observability/logger";
import { onShutdown } from "../observability/shutdown";
import { personalizationPhase } from "../marketplace";
import { createJobRunner, type JobRunner } from "./job-runner";

const globalForRunner = globalThis as unknown as { bulkJobRunner?: Promise<JobRunner> };

export function ensureJobRunner(): Promise<JobRunner> {
  globalForRunner.bulkJobRunner ??= db()
    .then((database) => {
      const runner = createJobRunner(
        {
          db: database,
          config: marketplaceConfig(),
          store: tokenStore(database),
          phase: () => personalizationPhase().current(),
        },
        { leaseMs: env().BULK_LEASE_MS },
      );
      runner.start();
      // SIGTERM (instrumentation.ts): the items in flight are written and recorded, the rest of the batch is released.
      onShutdown("bulk job runner", async () => {
        await runner.stop();
        logger().info({ msg: "bulk job runner stopped" });
      });
      return runner;
    })
    .catch((error: unknown) => {
      globalForRunner.bulkJobRunner = undefined;
      throw error;
    });
  return globalForRunner.bulkJobRunner;
}

export async function wakeJobRunner() {
  (await ensureJobRunner()).wake();
}
