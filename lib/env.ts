import "server-only";
import { z } from "zod";

const schema = z.object({
  MARKETPLACE_API_URL: z.url({ error: "must be the marketplace's base URL, e.g. https://api.marketplace.example" }),
  MARKETPLACE_AUTH_URL: z.url({ error: "must be the marketplace's sign-in host, e.g. https://www.marketplace.example" }),
  MARKETPLACE_KEYSTRING: z.string().min(1, { error: "is required: the app's keystring (client_id)" }),
  MARKETPLACE_SHARED_SECRET: z.string().min(1, { error: "is required: the app's shared secret" }),
  MARKETPLACE_TIMEOUT_MS: z.coerce.number().int().positive().default(8000),
  MARKETPLACE_PERSONALIZATION: z
    .enum(["single", "multi", "auto"], {
      error: "must be single (one text question), multi (up to five questions of every type) or auto (ask the marketplace; the default)",
    })
    .default("auto"),
  MARKETPLACE_PERSONALIZATION_CACHE_SECONDS: z.coerce.number({ error: "must be a number of seconds, e.g. 30" }).int({ error: "must be a whole number of seconds, e.g. 30" }).min(0, { error: "must be 0 or more seconds" }).default(30),
  DATABASE_URL: z.string().optional(),
  DASHBOARD_DB: z.string().default("data/dashboard.db"),
});

export type Env = z.infer<typeof schema>;

let cached: Env | undefined;

/** Validated once, on first use, with a message that names each missing setting. */
export function env(): Env {
  if (cached) return cached;
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")} ${issue.message}`).join("\n");
    throw new Error(`The dashboard's configuration is incomplete (see .env.example, or run \`npm start\` to use the sandbox):\n${problems}`);
  }
  cached = parsed.data;
  return cached;
}

export const trimSlash = (url: string) => url.replace(/\/+$/, "");
