export const E2E = {
  sandboxPort: 4110,
  sandboxUrl: "http://localhost:4110",
  dashboardPort: 3100,
  dashboardUrl: "http://localhost:3100",
  appFile: "test-results/e2e-app.json",
  dashboardDb: "test-results/e2e-dashboard.db",
  /** Short enough that a delayed sandbox response makes the dashboard give up within a test. */
  timeoutMs: 3000,
};
