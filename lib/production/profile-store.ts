import "server-only";
import type { Database } from "../db/database";
import type { Profile } from "./profile-schema";

type ProfileRow = {
  profile_id: number;
  name: string;
  font_name: string;
  cap_height_mm: number;
  width_mm: number;
  lines: number;
  capitals: number;
  block_list: string;
  version: number;
};

const COLUMNS = "profile_id, name, font_name, cap_height_mm, width_mm, lines, capitals, block_list, version";

const profileOf = (row: ProfileRow, listingIds: number[]): Profile => ({
  profileId: Number(row.profile_id),
  name: row.name,
  fontName: row.font_name,
  capHeightMm: Number(row.cap_height_mm),
  widthMm: Number(row.width_mm),
  lines: Number(row.lines),
  capitals: Number(row.capitals) === 1,
  blockList: row.block_list,
  listingIds,
  version: Number(row.version),
});

export type SavedProfile = Omit<Profile, "version" | "profileId" | "fontName"> & {
  profileId: number | null;
  font: { name: string; base64: string } | null;
};

export function profileStore(db: Database) {
  const listingsOf = async (shopId: number) =>
    db.query<{ listing_id: number; profile_id: number }>(
      "SELECT listing_id, profile_id FROM production_profile_listings WHERE shop_id = $1 ORDER BY listing_id",
      [shopId],
    );
  return {
    async list(shopId: number): Promise<Profile[]> {
      const rows = await db.query<ProfileRow>(
        `SELECT ${COLUMNS} FROM production_profiles WHERE shop_id = $1 ORDER BY name, profile_id`,
        [shopId],
      );
      const links = await listingsOf(shopId);
      return rows.map((row) =>
        profileOf(
          row,
          links
            .filter((link) => Number(link.profile_id) === Number(row.profile_id))
            .map((link) => Number(link.listing_id)),
        ),
      );
    },

    /** The profile each of these listings is made with, and its font file (base64), by listing. */
    async forListings(shopId: number, listingIds: readonly number[]) {
      const found = new Map<number, Profile & { fontData: string }>();
      if (listingIds.length === 0) return found;
      const wanted = new Set(listingIds);
      const links = (await listingsOf(shopId)).filter((link) => wanted.has(Number(link.listing_id)));
      const byProfile = new Map<number, Profile & { fontData: string }>();
      for (const profileId of new Set(links.map((link) => Number(link.profile_id)))) {
        const [row] = await db.query<ProfileRow & { font_data: string }>(
          `SELECT ${COLUMNS}, font_data FROM production_profiles WHERE shop_id = $1 AND profile_id = $2`,
          [shopId, profileId],
        );
        if (row) byProfile.set(profileId, { ...profileOf(row, []), fontData: row.font_data });
      }
      for (const link of links) {
        const profile = byProfile.get(Number(link.profile_id));
        if (profile) found.set(Number(link.listing_id), profile);
      }
      return found;
    },

    /** Saves the profile (a new one when `profileId` is null) and moves its listings onto it; null when not the shop's. */
    async save(shopId: number, input: SavedProfile, now: number): Promise<Profile | null> {
      let profileId = input.profileId;
      if (profileId === null && !input.font) return null;
      if (profileId === null) {
        const [top] = await db.query<{ top: number | null }>(
          "SELECT MAX(profile_id) AS top FROM production_profiles WHERE shop_id = $1",
          [shopId],
        );
        profileId = Number(top?.top ?? 0) + 1;
      }
      // One list of parameters for both statements: a profile kept without a new font keeps the one it has.
      const params = [
        ...[shopId, profileId, input.name, input.capHeightMm, input.widthMm, input.lines, input.capitals ? 1 : 0],
        ...[input.blockList, input.font?.name ?? null, input.font?.base64 ?? null, now],
      ];
      if (input.profileId === null)
        await db.execute(
          `INSERT INTO production_profiles (shop_id, profile_id, name, cap_height_mm, width_mm, lines, capitals,
             block_list, font_name, font_data, updated_at, version) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 1)`,
          params,
        );
      else if (
        (await db.execute(
          `UPDATE production_profiles SET name = $3, cap_height_mm = $4, width_mm = $5, lines = $6, capitals = $7,
             block_list = $8, font_name = COALESCE($9, font_name), font_data = COALESCE($10, font_data),
             updated_at = $11, version = version + 1
           WHERE shop_id = $1 AND profile_id = $2`,
          params,
        )) === 0
      )
        return null;
      await db.execute("DELETE FROM production_profile_listings WHERE shop_id = $1 AND profile_id = $2", [
        shopId,
        profileId,
      ]);
      for (const listingId of new Set(input.listingIds)) {
        await db.execute("DELETE FROM production_profile_listings WHERE shop_id = $1 AND listing_id = $2", [
          shopId,
          listingId,
        ]);
        await db.execute(
          "INSERT INTO production_profile_listings (shop_id, listing_id, profile_id) VALUES ($1, $2, $3)",
          [shopId, listingId, profileId],
        );
      }
      return (await this.list(shopId)).find((profile) => profile.profileId === profileId) ?? null;
    },
  };
}
