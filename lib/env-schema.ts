// Apart from lib/env.ts (server-only) so that instrumentation.ts can check every setting as the server starts.
import { z } from "zod";

const wholeNumber = (what: string, example: number, min = 1) =>
  z.coerce
    .number({ error: `must be ${what}, e.g. ${example}` })
    .int({ error: `must be ${what}, e.g. ${example}` })
    .min(min, { error: `must be ${what}, e.g. ${example}` });

// A setting set to "" counts as unset, so its default applies.
const emptyIsUnset = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema);

const required = (what: string) =>
  z.string({ error: `is required: ${what}` }).min(1, { error: `is required: ${what}` });

/** The marketplace's personalization period: one text question, or up to five of every type (docs/marketplace.md §9). */
export type PersonalizationPhase = "single" | "multi";
/** The period of today's marketplace, which MARKETPLACE_PERSONALIZATION and every write take unless told otherwise. */
export const DEFAULT_PHASE: PersonalizationPhase = "multi";

const DAY = /^\d{4}-\d{2}-\d{2}$/;
// Date.UTC rolls 30 February over into March, so a day that is not in the calendar comes back as another day.
const dayOf = (text: string) => new Date(Date.UTC(+text.slice(0, 4), +text.slice(5, 7) - 1, +text.slice(8)));

const day = z
  .string({ error: "must be a day written YYYY-MM-DD, e.g. 2027-01-15" })
  .regex(DAY, { error: "must be a day written YYYY-MM-DD, e.g. 2027-01-15" })
  .refine((text) => !DAY.test(text) || dayOf(text).toISOString().startsWith(text), {
    error: "must be a day of the calendar, e.g. 2027-01-15",
  });

const MAX_ERROR = "must be a whole number of characters from 1 to 1000, e.g. 100";

/**
 * A rule of the marketplace that begins on a day (YYYY-MM-DD, the marketplace's) and can break a stored listing, named
 * by its kind: the calendar's own (lib/personalization/dated-rules.ts), or one an operator adds as the marketplace
 * announces it.
 */
const datedRuleSchema = z.discriminatedUnion(
  "rule",
  [
    z.strictObject({
      rule: z.literal("instructions-max"),
      from: day,
      max: z.int({ error: MAX_ERROR }).min(1, { error: MAX_ERROR }).max(1000, { error: MAX_ERROR }),
    }),
  ],
  { error: "must name a known rule: instructions-max (with from and max)" },
);

export type DatedRule = z.infer<typeof datedRuleSchema>;

export const appSettingsSchema = z.object({
  MARKETPLACE_API_URL: z.url({ error: "must be the marketplace's base URL, e.g. https://api.marketplace.example" }),
  MARKETPLACE_AUTH_URL: z.url({
    error: "must be the marketplace's sign-in host, e.g. https://www.marketplace.example",
  }),
  MARKETPLACE_KEYSTRING: required("the app's keystring (client_id)"),
  MARKETPLACE_SHARED_SECRET: required("the app's shared secret"),
  MARKETPLACE_IMAGE_URL: emptyIsUnset(
    z
      .url({ error: "must be the host the marketplace serves listing images from, e.g. https://i.marketplace.example" })
      .optional(),
  ),
  MARKETPLACE_TIMEOUT_MS: emptyIsUnset(wholeNumber("a whole number of milliseconds above 0", 8000).default(8000)),
  MARKETPLACE_PERSONALIZATION: emptyIsUnset(
    z
      .enum(["single", "multi", "auto"], {
        error:
          "must be multi (up to five questions of every type; the default), single (one text question) or auto (learn it from the marketplace's answers)",
      })
      .default(DEFAULT_PHASE),
  ),
  MARKETPLACE_ADD_ON_PRICES: emptyIsUnset(
    z
      .enum(["on", "off"], {
        error:
          "must be on (the default: optional text questions may cost extra, as the marketplace takes since 2026-07-20) or off (a marketplace before that date)",
      })
      .default("on"),
  ),
  MARKETPLACE_DATED_RULES: z.preprocess((value, context) => {
    if (value === undefined || value === "") return [];
    try {
      const parsed: unknown = JSON.parse(String(value));
      return Array.isArray(parsed) ? parsed : [parsed];
    } catch {
      context.addIssue({
        code: "custom",
        message:
          'must be JSON: a rule such as {"rule": "instructions-max", "from": "2027-01-15", "max": 100}, or a list of them',
      });
      return z.NEVER;
    }
  }, z.array(datedRuleSchema)),
  MARKETPLACE_PERSONALIZATION_CACHE_SECONDS: emptyIsUnset(
    wholeNumber("a whole number of seconds (0 or more)", 30, 0).default(30),
  ),
  DATABASE_URL: emptyIsUnset(
    z
      .string()
      .regex(/^postgres(ql)?:\/\/./, {
        error:
          "must be a PostgreSQL URL, e.g. postgres://dashboard@db.internal:5432/dashboard (or unset it to use SQLite)",
      })
      .optional(),
  ),
  DASHBOARD_DB: emptyIsUnset(z.string().default("data/dashboard.db")),
  CHANGE_LEASE_MS: emptyIsUnset(
    wholeNumber("a whole number of milliseconds of at least 1000", 30000, 1000).default(30_000),
  ),
  METRICS_TOKEN: emptyIsUnset(
    z
      .string()
      .min(16, { error: "must be at least 16 characters, e.g. the output of `openssl rand -hex 24`" })
      .optional(),
  ),
  MARKETPLACE_WEBHOOK_SECRET: emptyIsUnset(
    z
      .string()
      .regex(/^whsec_[A-Za-z0-9+/]+=*$/, {
        error:
          "must be the webhook signing secret the marketplace shows for the endpoint, e.g. whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
      })
      .optional(),
  ),
  MIRROR_POLL_SECONDS: emptyIsUnset(wholeNumber("a whole number of seconds above 0", 60).default(60)),
  MIRROR_IDLE_POLL_SECONDS: emptyIsUnset(wholeNumber("a whole number of seconds above 0", 900).default(900)),
  SESSION_IDLE_SECONDS: emptyIsUnset(wholeNumber("a whole number of seconds", 43_200).default(12 * 3600)),
  SESSION_ABSOLUTE_SECONDS: emptyIsUnset(wholeNumber("a whole number of seconds", 2_592_000).default(30 * 24 * 3600)),
});

const KEY_ERROR = "must be at least 32 characters, e.g. the output of `openssl rand -base64 32`";

/** The keys that seal stored tokens (lib/tokens/token-keys.ts): AUTH_SECRET's when TOKEN_ENCRYPTION_KEY is unset. */
export const tokenKeySettingsSchema = z.object({
  TOKEN_ENCRYPTION_KEY: emptyIsUnset(z.string().min(32, { error: KEY_ERROR }).optional()),
  TOKEN_ENCRYPTION_KEYS: emptyIsUnset(z.string().optional()).transform((list) =>
    (list ?? "")
      .split(",")
      .map((key) => key.trim())
      .filter(Boolean),
  ),
  AUTH_SECRET: emptyIsUnset(z.string().optional()),
});

/** The instance's name in the leases of work shared between instances (lib/changes/plan-runner.ts). */
export const instanceSettingsSchema = z.object({ INSTANCE_NAME: emptyIsUnset(z.string().optional()) });

export const serverSettingsSchema = appSettingsSchema.extend({
  ...tokenKeySettingsSchema.shape,
  ...instanceSettingsSchema.shape,
  AUTH_SECRET: z
    .string({
      error: "is required: a random secret of at least 32 characters, e.g. the output of `openssl rand -base64 32`",
    })
    .min(32, { error: KEY_ERROR }),
  AUTH_URL: z.url({ error: "must be the dashboard's public URL, e.g. https://dashboard.example.com" }),
  PORT: emptyIsUnset(
    wholeNumber("a port number between 1 and 65535", 3000)
      .max(65535, { error: "must be a port number between 1 and 65535, e.g. 3000" })
      .default(3000),
  ),
  LOG_LEVEL: emptyIsUnset(
    z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
        error: "must be one of fatal, error, warn, info, debug, trace, silent",
      })
      .default("info"),
  ),
});

/** Settings that were renamed: the old name is still read when the new one is unset, with a warning at startup. */
const RENAMED = { BULK_LEASE_MS: "CHANGE_LEASE_MS" } as const;

/** The environment with each renamed setting under its new name (an old name set alone still counts). */
export function withRenamedSettings(env: Record<string, string | undefined>): Record<string, string | undefined> {
  const renamed = { ...env };
  for (const [old, current] of Object.entries(RENAMED))
    if (renamed[current] === undefined && env[old] !== undefined) renamed[current] = env[old];
  return renamed;
}

/** One sentence per renamed setting still set under its old name. */
export const renamedSettingWarnings = (env: Record<string, string | undefined>) =>
  Object.entries(RENAMED)
    .filter(([old]) => env[old] !== undefined)
    .map(([old, current]) =>
      env[current] === undefined
        ? `${old} is now called ${current}: rename it in the environment (its value is used until then).`
        : `${old} is now called ${current}, which is also set and wins: remove ${old} from the environment.`,
    );

export function settingsProblems(error: z.ZodError): string {
  return error.issues.map((issue) => `  ${issue.path.join(".")} ${issue.message}`).join("\n");
}

export function exitOnSettingsProblems(env: NodeJS.ProcessEnv) {
  const settings = serverSettingsSchema.safeParse(withRenamedSettings(env));
  if (settings.success) return;
  const renamed = renamedSettingWarnings(env).map((warning) => `\n  ${warning}`);
  console.error(
    `The dashboard cannot start: its configuration is incomplete or malformed. Set these in the environment or .env.local (see .env.example and docs/deploy.md), or run \`npm start\` to use the sandbox:\n${settingsProblems(settings.error)}${renamed.join("")}`,
  );
  process.exit(78);
}
