import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../db/database";
import { eachEngine } from "../../test/harness/each-engine";
import { snapshotOfForm } from "../personalization/snapshot-codec";
import { singleQuestionOf } from "./template";
import { templateStore, type TemplateStore } from "./template-store";

const GIFT = snapshotOfForm({ instructions: "Gift note", maxAllowedCharacters: 200, required: false });
const ENGRAVE = snapshotOfForm({ instructions: "Name to engrave", maxAllowedCharacters: 20, required: true });

describe.each(eachEngine())("question templates on %s", (_engine, location) => {
  let db: Database;
  let templates: TemplateStore;
  let shop = 0;
  beforeAll(async () => {
    db = await openDatabase(location());
    templates = templateStore(db);
  });
  afterAll(async () => {
    await db.close();
  });
  // Each test has its own shops, so one database serves them all.
  let one = 0;
  let two = 0;
  beforeEach(() => {
    one = ++shop * 10;
    two = one + 1;
  });

  it("keeps a shop's templates by name, apart from another shop's", async () => {
    await templates.save({ shopId: one, userId: 10, name: "Gift", questionSet: GIFT });
    await templates.save({ shopId: one, userId: 10, name: "Engraving", questionSet: ENGRAVE });
    await templates.save({ shopId: two, userId: 20, name: "Gift", questionSet: ENGRAVE });
    expect((await templates.list(one)).map((template) => [template.name, template.questionSet])).toEqual([
      ["Engraving", ENGRAVE],
      ["Gift", GIFT],
    ]);
    expect((await templates.list(two)).map((template) => template.questionSet)).toEqual([ENGRAVE]);
  });

  it("saving under a taken name replaces that template and says so", async () => {
    const first = await templates.save({ shopId: one, userId: 10, name: "Gift", questionSet: GIFT });
    const second = await templates.save({ shopId: one, userId: 10, name: "Gift", questionSet: ENGRAVE });
    expect(first.replaced).toBe(false);
    expect(second).toMatchObject({ replaced: true, template: { id: first.template.id, questionSet: ENGRAVE } });
    expect(await templates.count(one)).toBe(1);
  });

  it("deletes only within the shop that owns the template", async () => {
    const { template } = await templates.save({ shopId: one, userId: 10, name: "Gift", questionSet: GIFT });
    expect(await templates.remove(two, template.id)).toBe(false);
    expect(await templates.remove(one, template.id)).toBe(true);
    expect(await templates.list(one)).toEqual([]);
  });
});

describe("templates in the single-question editor", () => {
  it("apply only a set of one text question", () => {
    const template = { id: "t", name: "n", updatedAt: 0 };
    expect(singleQuestionOf({ ...template, questionSet: GIFT })).toEqual({
      instructions: "Gift note",
      maxAllowedCharacters: 200,
      required: false,
    });
    expect(
      singleQuestionOf({ ...template, questionSet: { questions: [...GIFT.questions, ...ENGRAVE.questions] } }),
    ).toBeUndefined();
    expect(
      singleQuestionOf({ ...template, questionSet: { questions: [{ ...GIFT.questions[0]!, type: "dropdown" }] } }),
    ).toBeUndefined();
  });
});
