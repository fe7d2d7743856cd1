import * as z from "zod/mini";
import type { Snapshot } from "./snapshot";

// Apart from snapshot-codec.ts: the editor encodes snapshots in the browser, and only the server reads them back.
export const snapshotSchema = z.object({
  questions: z.array(
    z.object({
      id: z.optional(z.number()),
      type: z.string(),
      title: z.string(),
      instructions: z.string(),
      required: z.boolean(),
      maxAllowedCharacters: z.nullable(z.number()),
      maxAllowedFiles: z.optional(z.number()),
      options: z.optional(z.array(z.string())),
      optionIds: z.optional(z.array(z.nullable(z.number()))),
      addOnPrice: z.optional(
        z.nullable(z.object({ amount: z.number(), divisor: z.number(), currencyCode: z.string() })),
      ),
    }),
  ),
});

export const parseSnapshot = (json: string): Snapshot => snapshotSchema.parse(JSON.parse(json));
