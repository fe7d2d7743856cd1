import { beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "../db/database";
import { snapshotOfForm } from "../personalization/snapshot-codec";
import { singleQuestionOf } from "./template";
import { templateStore, type TemplateStore } from "./template-store";

const GIFT = snapshotOfForm({ instructions: "Gift note", maxAllowedCharacters: 200, required: false });
const ENGRAVE = snapshotOfForm({ instructions: "Name to engrave", maxAllowedCharacters: 20, required: true });

let templates: TemplateStore;
beforeEach(async () => {
  templates = templateStore(await openDatabase(":memory:"));
});

describe("question templates", () => {
  it("keeps a shop's templates by name, apart from another shop's", async () => {
    await templates.save({ shopId: 1, userId: 10, name: "Gift", questionSet: GIFT });
    await templates.save({ shopId: 1, userId: 10, name: "Engraving", questionSet: ENGRAVE });
    await templates.save({ shopId: 2, userId: 20, name: "Gift", questionSet: ENGRAVE });
    expect((await templates.list(1)).map((template) => [template.name, template.questionSet])).toEqual([
      ["Engraving", ENGRAVE],
      ["Gift", GIFT],
    ]);
    expect((await templates.list(2)).map((template) => template.questionSet)).toEqual([ENGRAVE]);
  });

  it("saving under a taken name replaces that template and says so", async () => {
    const first = await templates.save({ shopId: 1, userId: 10, name: "Gift", questionSet: GIFT });
    const second = await templates.save({ shopId: 1, userId: 10, name: "Gift", questionSet: ENGRAVE });
    expect(first.replaced).toBe(false);
    expect(second).toMatchObject({ replaced: true, template: { id: first.template.id, questionSet: ENGRAVE } });
    expect(await templates.count(1)).toBe(1);
  });

  it("deletes only within the shop that owns the template", async () => {
    const { template } = await templates.save({ shopId: 1, userId: 10, name: "Gift", questionSet: GIFT });
    expect(await templates.remove(2, template.id)).toBe(false);
    expect(await templates.remove(1, template.id)).toBe(true);
    expect(await templates.list(1)).toEqual([]);
  });

  it("the single-question editor applies only a set of one text question", () => {
    const template = { id: "t", name: "n", updatedAt: 0 };
    expect(singleQuestionOf({ ...template, questionSet: GIFT })).toEqual({ instructions: "Gift note", maxAllowedCharacters: 200, required: false });
    expect(singleQuestionOf({ ...template, questionSet: { questions: [...GIFT.questions, ...ENGRAVE.questions] } })).toBeUndefined();
    expect(singleQuestionOf({ ...template, questionSet: { questions: [{ ...GIFT.questions[0]!, type: "dropdown" }] } })).toBeUndefined();
  });
});
