// Each Playwright worker has a sandbox and a dashboard of its own (its slot), so a test that breaks the marketplace or
// moves its clock affects only the tests of its worker. E2E_PORT_OFFSET lets two checkouts run side by side.
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);

/** How many workers, and so how many sandbox and dashboard pairs, the browser tests run with. A test mostly waits (on
 * the dashboard's polls, debounces and countdowns): one worker kept two cores 40% busy, so two run side by side. */
export const E2E_SLOTS = Number(process.env.E2E_WORKERS ?? 2);

export function e2eSlot(slot: number) {
  const sandboxPort = 4110 + offset + 10 * slot;
  const dashboardPort = 3100 + offset + 10 * slot;
  return {
    slot,
    sandboxPort,
    sandboxUrl: `http://localhost:${sandboxPort}`,
    dashboardPort,
    dashboardUrl: `http://localhost:${dashboardPort}`,
    appFile: `test-results/e2e-app-${slot}.json`,
    dashboardDb: `test-results/e2e-dashboard-${slot}.db`,
    /** The dashboard's JSON log lines (stdout) of the whole run, read by server-logs.spec.ts. */
    dashboardLog: `test-results/e2e-dashboard-${slot}.log`,
    /** The key the dashboard seals stored tokens with, so tests can read what it stored. */
    tokenKeyFile: `test-results/e2e-token-key-${slot}`,
    /** Short enough that a delayed sandbox response makes the dashboard give up within a test. */
    timeoutMs: 3000,
  };
}

// A worker's slot is its parallel index (Playwright sets it before the tests load); a server's is given by the config.
export const E2E = e2eSlot(Number(process.env.E2E_SLOT ?? process.env.TEST_PARALLEL_INDEX ?? 0));
