// What the change benches share: a sandbox in its own process at a given rate limit, a throwaway dashboard database
// holding a seller's tokens, a tally of the marketplace requests from the sandbox's log, and a child process with the
// react-server condition (the runner is server-only code) that prints a part's figures.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_APP } from "../../sandbox/store/seed";
import { createSeller, sandboxControl } from "../../test/harness/sandbox";
import { storeSellerTokens } from "../../test/harness/seller-marketplace";
import { runScript, startBenchSandbox, stopAll } from "../processes";

/**
 * The marketplace requests of the run, by status. The sandbox's request log keeps its last 2,000 entries (100 s at
 * 20 a second), so the bench reads it every second as the run goes; any gap in the ids is counted as uncounted.
 */
export function requestTally(sandboxUrl: string, sinceId: number) {
  const tally = { requests: 0, rateLimited: 0, uncounted: 0 };
  let lastId = sinceId;
  let reading: Promise<void> = Promise.resolve();
  const readOnce = async () => {
    const { requests } = (await sandboxControl(sandboxUrl, `/requests?since=${lastId}`)).body as {
      requests: { id: number; path: string; status: number }[];
    };
    for (const entry of requests) {
      tally.uncounted += entry.id - lastId - 1;
      lastId = entry.id;
      if (!entry.path.startsWith("/v3/application/")) continue;
      tally.requests += 1;
      if (entry.status === 429) tally.rateLimited += 1;
    }
  };
  return Object.assign(tally, {
    /** Reads what is new since the last read; reads never overlap. */
    read: () => (reading = reading.then(readOnce, readOnce)),
  });
}

/**
 * What a runner needs for a bench: a sandbox (its own process) at `perSecond`, a throwaway dashboard database, and a
 * seller with `listings` listings whose tokens are in it. Runs in the react-server process, as the runners do.
 */
export async function benchShop(listings: number, perSecond: number, name: string) {
  const { openDatabase } = await import("../../lib/db/database");
  const { tokenStore } = await import("../../lib/tokens/token-store");
  const { keyring, sealKey } = await import("../../lib/tokens/token-seal");
  const sandbox = await startBenchSandbox({ perSecond });
  // The sandbox has a process group of its own: an interrupt (Ctrl-C, or npm run bench stopping) must take it down too.
  for (const signal of ["SIGINT", "SIGTERM"] as const)
    process.once(signal, () => void stopAll().then(() => process.exit(130)));
  const folder = mkdtempSync(join(tmpdir(), `bench-${name}-`));
  const db = await openDatabase(join(folder, "dashboard.db"));
  // Tokens are sealed at rest; this throwaway store gets a throwaway key.
  const store = tokenStore(db, keyring(sealKey(randomBytes(32).toString("base64url"))));
  const close = async () => {
    await db.close();
    await sandbox.stop();
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    const seller = await createSeller(sandbox.url, { listings });
    await storeSellerTokens(store, sandbox.url, seller.user_id, ["listings_r", "listings_w", "shops_r"]);
    const config = {
      apiUrl: sandbox.url,
      authUrl: sandbox.url,
      keystring: DEMO_APP.keystring,
      sharedSecret: DEMO_APP.shared_secret,
      timeoutMs: 8000,
      maxRetryWaitMs: 3000,
    };
    return { sandbox, db, store, seller, config, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Runs `script` (a bench that prints its figures as one JSON line with --json) in a react-server child process. */
export function figuresOf<T>(script: string, nodeFlags: string[], listings: number, perSecond: number): Promise<T> {
  const { child, exit } = runScript(
    [
      "--conditions=react-server",
      ...nodeFlags,
      script,
      "--json",
      "--listings",
      String(listings),
      "--per-second",
      String(perSecond),
    ],
    "pipe",
  );
  let out = "";
  child.stdout?.on("data", (chunk: Buffer) => (out += chunk.toString()));
  return exit.then((code) => {
    const line = out.trim().split("\n").at(-1) ?? "";
    if (line.startsWith("{")) return JSON.parse(line) as T;
    throw new Error(`${script} exited with ${code}: ${out.slice(-400)}`);
  });
}
