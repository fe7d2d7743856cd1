// The dashboard's production server: `npm start`, the tests and the benchmarks run it; `node --import tsx scripts/server.ts`
// with the settings in the env. One process serves (scripts/serve.ts), or DASHBOARD_WORKERS of them share the port
// (scripts/worker-pool.ts).
import cluster from "node:cluster";
import nextEnv from "@next/env";
import { serverSettingsSchema, settingsProblems } from "../lib/env-schema";
import { offerWorkerMetrics } from "../lib/observability/cluster-metrics";
import { logger } from "../lib/observability/logger";
import { superviseWorkers } from "./worker-pool";

// The benchmarks and operators find the server by this name, as they did with `next start`.
process.title = cluster.isPrimary ? "next-server (dashboard)" : "next-server (dashboard worker)";

nextEnv.loadEnvConfig(process.cwd());
const settings = serverSettingsSchema.safeParse(process.env);
if (!settings.success) {
  console.error(
    `The dashboard cannot start: its configuration is incomplete or malformed. Set these in the environment or .env.local (see .env.example and docs/deploy.md), or run \`npm start\` to use the sandbox:\n${settingsProblems(settings.error)}`,
  );
  process.exit(78);
}
const { PORT: port, DASHBOARD_WORKERS: workers, DASHBOARD_PAGE_RENDERS: pageRenders } = settings.data;

if (cluster.isPrimary && workers > 1) {
  superviseWorkers(workers, logger());
} else {
  if (cluster.isWorker) offerWorkerMetrics();
  // Imported here: the primary of a pool never loads Next.
  const { serve } = await import("./serve");
  await serve(port, pageRenders);
}
