// During a rolling deploy the instances of the release before run beside the new ones on one database (docs/deploy.md,
// "Rolling a new version"), so a migration only adds. A statement that drops or renames a table or column contracts
// the schema: it ships a release after the one that stopped using what it removes, and is listed here with both.
// lib/db/migrations.test.ts holds every migration to this list.

export type Contraction = {
  /** The migration's version: its place in MIGRATIONS, from 1. */
  migration: number;
  statement: string;
} & (
  | {
      /** The release whose code stopped reading and writing what the statement removes. */
      stoppedUsingIn: string;
      /** The release the migration ships in: a later one. */
      contractsIn: string;
    }
  | {
      /** Contracted before this rule, in the same release that stopped using it: why that was bearable then. */
      beforeTheRule: string;
    }
);

/** Migrations up to this version predate the rule; later ones may not use `beforeTheRule`. */
export const LAST_MIGRATION_BEFORE_THE_RULE = 11;

export const CONTRACTIONS: Contraction[] = [
  {
    migration: 10,
    statement: "ALTER TABLE bulk_pacer RENAME TO rate_pacer",
    beforeTheRule:
      "the one change runner replaced the bulk runner in that release; an old instance's pacer failed until it stopped",
  },
  {
    migration: 11,
    statement: "DROP TABLE bulk_job_items",
    beforeTheRule: "the bulk jobs became changes in that release; an old instance's bulk pages failed until it stopped",
  },
  {
    migration: 11,
    statement: "DROP TABLE bulk_jobs",
    beforeTheRule: "the bulk jobs became changes in that release; an old instance's bulk pages failed until it stopped",
  },
];
