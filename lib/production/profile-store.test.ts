import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../db/database";
import { eachEngine } from "../../test/harness/each-engine";
import { profileStore } from "./profile-store";

const FONT = { name: "Great Vibes", base64: Buffer.from("font bytes").toString("base64") };
const AREA = { name: "Brass tag", capHeightMm: 6.5, widthMm: 30, lines: 2, capitals: true, blockList: "damn" };

describe.each(eachEngine())("production profiles on %s", (_engine, location) => {
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase(location());
  });
  afterAll(async () => {
    await db.close();
  });

  it("keeps a profile with its font and listings, each listing on one profile, apart from other shops", async () => {
    const store = profileStore(db);
    const first = await store.save(1, { ...AREA, profileId: null, font: FONT, listingIds: [11, 12] }, 100);
    expect(first).toMatchObject({
      profileId: 1,
      fontName: "Great Vibes",
      capHeightMm: 6.5,
      capitals: true,
      version: 1,
    });
    const second = await store.save(1, { ...AREA, name: "Wood", profileId: null, font: FONT, listingIds: [12] }, 101);
    expect((await store.list(1)).map((profile) => [profile.name, profile.listingIds])).toEqual([
      ["Brass tag", [11]],
      ["Wood", [12]],
    ]);
    const found = await store.forListings(1, [11, 12, 13]);
    expect([...found.keys()]).toEqual([11, 12]);
    expect(found.get(12)).toMatchObject({ profileId: second!.profileId, fontData: FONT.base64 });
    expect(await store.list(2)).toEqual([]);
    expect(await store.forListings(2, [11])).toEqual(new Map());
  });

  it("changes a profile's area and keeps its font unless a new one is given; another shop's is refused", async () => {
    const store = profileStore(db);
    const made = await store.save(3, { ...AREA, profileId: null, font: FONT, listingIds: [31] }, 100);
    const changed = await store.save(
      3,
      { ...AREA, widthMm: 45, profileId: made!.profileId, font: null, listingIds: [31] },
      200,
    );
    expect(changed).toMatchObject({ widthMm: 45, fontName: "Great Vibes", version: 2 });
    expect((await store.forListings(3, [31])).get(31)?.fontData).toBe(FONT.base64);
    expect(await store.save(4, { ...AREA, profileId: made!.profileId, font: null, listingIds: [] }, 300)).toBeNull();
  });
});
