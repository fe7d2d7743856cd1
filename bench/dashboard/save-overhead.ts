// What the dashboard adds to a save: the save server action (`next start`, signed in as ada@example.com over HTTP)
// against the same write sent straight to the sandbox, timed one request at a time and alternating the two.
// `npx tsx bench/dashboard/save-overhead.ts [--rounds 100]` runs this part alone.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { signInOverHttp } from "../../test/harness/http-sign-in.js";
import { wholeNumberOptions } from "../options.js";
import { snapshotBuild, startBenchDashboard, startBenchSandbox, stopAll } from "../processes.js";
import { personalizationBody } from "../sandbox/prism.js";
import { ADA, issueTokensFor } from "../../test/harness/sandbox.js";
import { alternate, median } from "../stats.js";
import { callSaveAction, saveActionId } from "./save-action.js";

/** The floor: the action adds at most this at the median. */
export const SAVE_OVERHEAD_FLOOR_MS = 10;

export type SaveOverhead = { actionMs: number[]; directMs: number[] };

const LISTING = 1_000_000_001;

export const addedMs = (overhead: SaveOverhead) => median(overhead.actionMs) - median(overhead.directMs);

export async function measureSaveOverhead(options: {
  sandboxUrl: string;
  distDir: string;
  rounds: number;
}): Promise<SaveOverhead> {
  const folder = mkdtempSync(join(tmpdir(), "bench-overhead-"));
  const dashboard = await startBenchDashboard({
    sandboxUrl: options.sandboxUrl,
    distDir: options.distDir,
    dashboardDb: join(folder, "dashboard.db"),
  });
  try {
    const { cookie } = await signInOverHttp(dashboard.url, ADA);
    const { keystring, shared_secret } = dashboard.app;
    const { access_token: token } = await issueTokensFor(options.sandboxUrl, {
      user_id: ADA.user_id,
      scopes: ["listings_r", "listings_w", "shops_r"],
      keystring,
    });
    const actionId = saveActionId(options.distDir);
    const question = { instructions: "Name to engrave, up to 12 letters.", maxAllowedCharacters: 12, required: true };
    const viaAction = async () => {
      const result = await callSaveAction(dashboard.url, actionId, cookie, LISTING, question);
      if (!result.ok) throw new Error(`the save action refused the save: ${result.formError}`);
    };
    const direct = async () => {
      const response = await fetch(
        `${options.sandboxUrl}/v3/application/shops/${ADA.shop_id}/listings/${LISTING}/personalization`,
        {
          method: "POST",
          headers: {
            "x-api-key": `${keystring}:${shared_secret}`,
            authorization: `Bearer ${token}`,
            "content-type": "application/json",
          },
          body: personalizationBody,
        },
      );
      const text = await response.text();
      if (!response.ok) throw new Error(`updateListingPersonalization answered ${response.status}: ${text}`);
    };
    const { a, b } = await alternate(viaAction, direct, options.rounds);
    return { actionMs: a, directMs: b };
  } finally {
    await dashboard.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith("bench/dashboard/save-overhead.ts")) {
  const { options } = wholeNumberOptions({ rounds: 100 });
  const log = (line: string) => console.log(`[save overhead] ${line}`);
  const build = await snapshotBuild(log);
  try {
    const sandbox = await startBenchSandbox();
    const overhead = await measureSaveOverhead({
      sandboxUrl: sandbox.url,
      distDir: build.distDir,
      rounds: options.rounds,
    });
    log(
      `action ${median(overhead.actionMs).toFixed(2)} ms, direct ${median(overhead.directMs).toFixed(2)} ms at the median: ${addedMs(overhead).toFixed(2)} ms added (floor ≤ ${SAVE_OVERHEAD_FLOOR_MS} ms)`,
    );
  } finally {
    await stopAll();
    build.remove();
  }
}
