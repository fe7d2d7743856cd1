// E2E_PORT_OFFSET lets two checkouts run their browser tests side by side without sharing ports.
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);
const sandboxPort = 4110 + offset;
const dashboardPort = 3100 + offset;

export const E2E = {
  sandboxPort,
  sandboxUrl: `http://localhost:${sandboxPort}`,
  dashboardPort,
  dashboardUrl: `http://localhost:${dashboardPort}`,
  appFile: "test-results/e2e-app.json",
  dashboardDb: "test-results/e2e-dashboard.db",
  /** The dashboard's JSON log lines (stdout) of the whole run, read by server-logs.spec.ts. */
  dashboardLog: "test-results/e2e-dashboard.log",
  /** The key the dashboard seals stored tokens with, so tests can read what it stored. */
  tokenKeyFile: "test-results/e2e-token-key",
  /** Short enough that a delayed sandbox response makes the dashboard give up within a test. */
  timeoutMs: 3000,
};
