import "server-only";
import type { z } from "zod";
import { appSettingsSchema, settingsProblems, withRenamedSettings } from "./env-schema";

export type Env = z.infer<typeof appSettingsSchema>;

let cached: Env | undefined;

export function env(): Env {
  if (cached) return cached;
  const parsed = appSettingsSchema.safeParse(withRenamedSettings(process.env));
  if (!parsed.success) {
    throw new Error(
      `The dashboard's configuration is incomplete (see .env.example, or run \`npm start\` to use the sandbox):\n${settingsProblems(parsed.error)}`,
    );
  }
  cached = parsed.data;
  return cached;
}

export const trimSlash = (url: string) => url.replace(/\/+$/, "");
