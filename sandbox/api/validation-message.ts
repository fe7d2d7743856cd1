import type { z } from "zod";
import { describeFirstIssue } from "../../lib/personalization/schema.js";

/** docs/marketplace.md §7.9: always `<field>: <reason>`; an issue with the whole body names `body`. */
export function validationMessage(error: z.core.$ZodError) {
  const message = describeFirstIssue(error);
  return error.issues[0]?.path.length ? message : `body: ${message}`;
}
