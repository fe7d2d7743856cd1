import "server-only";
import { db } from "../db";
import { env } from "../env";
import { mirrorMode, type MirrorMode } from "./background";
import { mirrorStore, type MirrorShop } from "./mirror-store";

export type MirrorView = Pick<MirrorShop, "listingsRead" | "listingsTotal" | "syncedAt" | "syncedBy"> & {
  mode: MirrorMode;
  pollSeconds: number;
  status: MirrorShop["status"] | "empty";
  outsideChanges: number;
};

export async function mirrorView(shopId: number): Promise<MirrorView> {
  const store = mirrorStore(await db());
  const shop = await store.shop(shopId);
  return {
    mode: mirrorMode(),
    pollSeconds: env().MIRROR_POLL_SECONDS,
    status: shop?.status ?? "empty",
    listingsRead: shop?.listingsRead ?? 0,
    listingsTotal: shop?.listingsTotal ?? 0,
    syncedAt: shop?.syncedAt ?? null,
    syncedBy: shop?.syncedBy ?? null,
    outsideChanges: (await store.changes(shopId)).length,
  };
}
