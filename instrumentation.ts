// As the production server starts: the settings check (a missing or malformed setting stops it with exit 78 and one
// line per setting), the API key's check (a refused key is logged, the server still starts so that readiness can
// say why), changes left applying go on at once rather than at the first page view, and SIGTERM lets them drain.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const production = process.env.NODE_ENV === "production";
  if (production) {
    const { exitOnSettingsProblems } = await import("./lib/env-schema");
    exitOnSettingsProblems(process.env);
  }
  const { logger } = await import("./lib/observability/logger");
  const log = logger();
  const { renamedSettingWarnings } = await import("./lib/env-schema");
  for (const warning of renamedSettingWarnings(process.env)) log.warn({ msg: warning });
  if (process.env.NEXT_MANUAL_SIG_HANDLE === "true") {
    const { drainOnSignals } = await import("./lib/observability/shutdown");
    drainOnSignals(log);
  } else if (production) {
    log.warn({
      msg: "NEXT_MANUAL_SIG_HANDLE is not true: Next exits on SIGTERM without letting changes finish their writes in flight (start the server as scripts/server-command.ts does)",
    });
  }
  const { checkApiKey } = await import("./lib/marketplace/ping");
  const { marketplaceConfig } = await import("./lib/marketplace/config");
  Promise.resolve()
    .then(() => checkApiKey(marketplaceConfig()))
    .then((key) =>
      key.ok
        ? log.info({ msg: "the marketplace accepts the app's API key", applicationId: key.applicationId })
        : log.error({ msg: key.reason }),
    )
    .catch((error: Error) => log.error({ msg: "the API key's check did not run", error: error.message }));
  const { planRunner } = await import("./lib/changes/planning");
  planRunner().catch((error: Error) => log.error({ msg: "the change runner did not start", error: error.message }));
  // Without webhooks the shops' mirrors read their recent changes on a schedule (lib/mirror/).
  const { startMirrorPolling } = await import("./lib/mirror/background");
  startMirrorPolling().catch((error: Error) =>
    log.error({ msg: "mirror polling did not start", error: error.message }),
  );
  // The marketplace bans an app with no successful request for six months (docs/deploy.md).
  const { startKeepAlive } = await import("./lib/marketplace/keep-alive");
  startKeepAlive().catch((error: Error) =>
    log.error({ msg: "the marketplace keep-alive did not start", error: error.message }),
  );
}
