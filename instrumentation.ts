// Bulk jobs left running when the dashboard stopped resume as soon as it starts again, not at the first page view.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { ensureJobRunner } = await import("./lib/bulk/background-runner");
  const { logger } = await import("./lib/observability/logger");
  ensureJobRunner().catch((error: Error) =>
    logger().error({ msg: "the bulk job runner did not start", error: error.message }),
  );
  // Without webhooks the shops' mirrors read their recent changes on a schedule (lib/mirror/).
  const { startMirrorPolling } = await import("./lib/mirror/background");
  startMirrorPolling().catch((error: Error) =>
    logger().error({ msg: "mirror polling did not start", error: error.message }),
  );
}
