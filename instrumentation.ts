// As the production server starts: the settings check (a missing or malformed setting stops it with exit 78 and one
// line per setting), the stored tokens sealed with the current key, the API key's check (a refused key is logged, the
// server still starts so that readiness can say why), changes left applying go on at once rather than at the first page
// view, and SIGTERM lets them drain.
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
  // An instance started while the database does not answer starts each of these once it does (docs/deploy.md, "When
  // the database is down"); the outage itself is logged once, by lib/db/outage.ts.
  const { isDatabaseUnreachable } = await import("./lib/db/outage");
  const { db } = await import("./lib/db");
  const startWhenTheDatabaseAnswers = (what: string, start: () => Promise<unknown>) => {
    const attempt = () =>
      void start().catch((error: Error) => {
        if (isDatabaseUnreachable(error)) setTimeout(attempt, 5_000).unref();
        else log.error({ msg: `${what} did not start`, error: error.message });
      });
    attempt();
  };
  // Requests do not wait for it: a row sealed with an earlier key, or not at all, still opens meanwhile.
  const { sealStoredTokens } = await import("./lib/tokens/token-store");
  startWhenTheDatabaseAnswers("sealing the stored tokens", async () => sealStoredTokens(await db()));
  const { checkApiKeyOnce } = await import("./lib/marketplace/key-check");
  // The ping spends a request of the app's quota, through the shared pacer, which nothing does while the database is
  // down; readiness reads its answer (lib/marketplace/key-check.ts).
  startWhenTheDatabaseAnswers("the API key's check", async () => {
    const key = await checkApiKeyOnce(db());
    if (key.ok) log.info({ msg: "the marketplace accepts the app's API key", applicationId: key.applicationId });
    else log.error({ msg: key.reason });
  });
  // With MARKETPLACE_PERSONALIZATION=auto the period is learnt from the answers, the first one included.
  const { personalizationPhase } = await import("./lib/personalization/phase-probe");
  personalizationPhase();
  const { planRunner } = await import("./lib/changes/planning");
  startWhenTheDatabaseAnswers("the change runner", planRunner);
  // Without webhooks the shops' mirrors read their recent changes on a schedule (lib/mirror/).
  const { startMirrorPolling } = await import("./lib/mirror/background");
  startWhenTheDatabaseAnswers("mirror polling", startMirrorPolling);
  // A shipment the marketplace did not answer goes when it answers again (lib/orders/ship-orders.ts).
  const { startShipmentRetry } = await import("./lib/orders/background");
  startWhenTheDatabaseAnswers("waiting shipments", startShipmentRetry);
  // The marketplace bans an app with no successful request for six months (docs/deploy.md).
  const { startKeepAlive } = await import("./lib/marketplace/keep-alive");
  startWhenTheDatabaseAnswers("the marketplace keep-alive", startKeepAlive);
}
