// The built dashboard against an in-memory sandbox, one seller of `listings` listings signed in over plain HTTP and
// their shop's mirror filled; the sandbox's request log shows what reached the marketplace.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startSandbox } from "../../sandbox/server";
import { createSeller } from "./sandbox";
import { freePort, startDashboard } from "./dashboard-process";
import { signInOverHttp } from "./http-sign-in";

const DIST_DIR = process.env.NEXT_DIST_DIR || ".next";

type Logged = { id: number; path: string };

export async function filledShopDashboard(listings: number) {
  if (!existsSync(join(DIST_DIR, "BUILD_ID")))
    throw new Error(`No production build in ${DIST_DIR}: run \`npx next build\` first (npm test does).`);
  const scratch = mkdtempSync(join(tmpdir(), "filled-shop-"));
  const sandbox = await startSandbox({ port: 0, db: ":memory:" });
  const seller = await createSeller(sandbox.url, { listings });
  const dashboard = await startDashboard({
    port: await freePort(),
    sandboxUrl: sandbox.url,
    dashboardDb: join(scratch, "dashboard.db"),
    stdio: "ignore",
  });
  const { cookie } = await signInOverHttp(dashboard.url, seller);
  const send = (path: string, init: RequestInit = {}) =>
    fetch(`${dashboard.url}${path}`, { ...init, headers: { ...(init.headers as Record<string, string>), cookie } });
  // The listings page starts the shop's mirror, which then answers which listings are the seller's.
  await (await send("/listings")).text();
  for (const deadline = Date.now() + 30_000; ; await new Promise((resolve) => setTimeout(resolve, 200))) {
    const mirror = (await (await send("/api/mirror")).json()) as { status?: string };
    if (mirror.status === "filled") break;
    if (Date.now() > deadline) throw new Error(`the mirror did not fill: ${JSON.stringify(mirror)}`);
  }
  const log = () => sandbox.state.log.list() as Logged[];
  return {
    sandbox,
    dashboard,
    seller,
    cookie,
    send,
    lastRequestId: () => log().at(-1)?.id ?? 0,
    marketplaceRequestsSince: (id: number) => log().filter((entry) => entry.id > id && entry.path.startsWith("/v3/")),
    async stop() {
      await dashboard.stop();
      await sandbox.close();
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}
