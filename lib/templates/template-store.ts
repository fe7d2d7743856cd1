import "server-only";
import { randomUUID } from "node:crypto";
import type { Database } from "../db/database";
import type { Snapshot } from "../personalization/snapshot";
import { parseSnapshot } from "../personalization/snapshot-schema";
import type { QuestionTemplate } from "./template";

type Row = { template_id: string; name: string; question_set: string; updated_at: number };

const fromRow = (row: Row): QuestionTemplate => ({
  id: row.template_id,
  name: row.name,
  questionSet: parseSnapshot(row.question_set),
  updatedAt: Number(row.updated_at),
});

export function templateStore(db: Database) {
  return {
    async list(shopId: number): Promise<QuestionTemplate[]> {
      const rows = await db.query<Row>(
        "SELECT template_id, name, question_set, updated_at FROM question_templates WHERE shop_id = $1 ORDER BY name",
        [shopId],
      );
      return rows.map(fromRow);
    },

    async count(shopId: number): Promise<number> {
      const [row] = await db.query<{ n: number }>("SELECT COUNT(*) AS n FROM question_templates WHERE shop_id = $1", [
        shopId,
      ]);
      return Number(row?.n ?? 0);
    },

    async save(template: {
      shopId: number;
      userId: number;
      name: string;
      questionSet: Snapshot;
    }): Promise<{ template: QuestionTemplate; replaced: boolean }> {
      const now = Date.now();
      const [existing] = await db.query<{ template_id: string }>(
        "SELECT template_id FROM question_templates WHERE shop_id = $1 AND name = $2",
        [template.shopId, template.name],
      );
      await db.execute(
        `INSERT INTO question_templates (template_id, shop_id, user_id, name, question_set, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6)
         ON CONFLICT (shop_id, name) DO UPDATE SET question_set = excluded.question_set, user_id = excluded.user_id, updated_at = excluded.updated_at`,
        [
          existing?.template_id ?? randomUUID(),
          template.shopId,
          template.userId,
          template.name,
          JSON.stringify(template.questionSet),
          now,
        ],
      );
      const [row] = await db.query<Row>(
        "SELECT template_id, name, question_set, updated_at FROM question_templates WHERE shop_id = $1 AND name = $2",
        [template.shopId, template.name],
      );
      return { template: fromRow(row!), replaced: existing !== undefined };
    },

    async remove(shopId: number, templateId: string): Promise<boolean> {
      return (
        (await db.execute("DELETE FROM question_templates WHERE shop_id = $1 AND template_id = $2", [
          shopId,
          templateId,
        ])) > 0
      );
    },
  };
}

export type TemplateStore = ReturnType<typeof templateStore>;
