import { describe, expect, it } from "vitest";
import {
  appSettingsSchema,
  renamedSettingWarnings,
  serverSettingsSchema,
  settingsProblems,
  withRenamedSettings,
} from "./env-schema";

const complete = {
  MARKETPLACE_API_URL: "https://api.marketplace.example",
  MARKETPLACE_AUTH_URL: "https://www.marketplace.example",
  MARKETPLACE_KEYSTRING: "keystring",
  MARKETPLACE_SHARED_SECRET: "secret",
  AUTH_SECRET: "x".repeat(32),
  AUTH_URL: "https://dashboard.example.com",
};

const problemsOf = (settings: Record<string, string | undefined>) => {
  const parsed = serverSettingsSchema.safeParse(settings);
  return parsed.success ? "" : settingsProblems(parsed.error);
};

describe("settings", () => {
  it("accept a complete configuration and fill in the defaults", () => {
    const parsed = serverSettingsSchema.parse(complete);
    expect(parsed).toMatchObject({
      PORT: 3000,
      MARKETPLACE_TIMEOUT_MS: 8000,
      CHANGE_LEASE_MS: 30_000,
      DASHBOARD_DB: "data/dashboard.db",
      LOG_LEVEL: "info",
    });
    expect(parsed.DATABASE_URL).toBeUndefined();
    expect(parsed.METRICS_TOKEN).toBeUndefined();
  });

  it("treat an empty value as unset, as an .env file with `DATABASE_URL=` means", () => {
    expect(
      appSettingsSchema.parse({ ...complete, DATABASE_URL: "", MARKETPLACE_TIMEOUT_MS: "", METRICS_TOKEN: "" }),
    ).toMatchObject({ MARKETPLACE_TIMEOUT_MS: 8000 });
  });

  it("name a malformed database URL, port, time-out, lease, metrics token, and log level, each with an example", () => {
    const problems = problemsOf({
      ...complete,
      DATABASE_URL: "mysql://db",
      PORT: "70000",
      MARKETPLACE_TIMEOUT_MS: "8s",
      CHANGE_LEASE_MS: "10",
      METRICS_TOKEN: "short",
      LOG_LEVEL: "loud",
    });
    expect(problems).toContain("DATABASE_URL must be a PostgreSQL URL, e.g. postgres://");
    expect(problems).toContain("PORT must be a port number between 1 and 65535, e.g. 3000");
    expect(problems).toContain("MARKETPLACE_TIMEOUT_MS must be a whole number of milliseconds above 0, e.g. 8000");
    expect(problems).toContain("CHANGE_LEASE_MS must be a whole number of milliseconds of at least 1000");
    expect(problems).toContain("METRICS_TOKEN must be at least 16 characters");
    expect(problems).toContain("LOG_LEVEL must be one of");
    expect(problems.split("\n")).toHaveLength(6);
  });

  it("check the token keys and the instance's name with the rest, reading the earlier keys as a list", () => {
    expect(problemsOf({ ...complete, TOKEN_ENCRYPTION_KEY: "short" })).toBe(
      "  TOKEN_ENCRYPTION_KEY must be at least 32 characters, e.g. the output of `openssl rand -base64 32`",
    );
    const parsed = serverSettingsSchema.parse({
      ...complete,
      TOKEN_ENCRYPTION_KEYS: ` ${"a".repeat(32)} ,, ${"b".repeat(32)}`,
      INSTANCE_NAME: "web-1",
    });
    expect(parsed).toMatchObject({ TOKEN_ENCRYPTION_KEYS: ["a".repeat(32), "b".repeat(32)], INSTANCE_NAME: "web-1" });
  });

  it("read the dated rules an operator adds: one rule or a list, each a known kind with its day", () => {
    expect(appSettingsSchema.parse(complete).MARKETPLACE_DATED_RULES).toEqual([]);
    const one = { rule: "instructions-max", from: "2027-01-15", max: 100 };
    expect(appSettingsSchema.parse({ ...complete, MARKETPLACE_DATED_RULES: JSON.stringify(one) })).toMatchObject({
      MARKETPLACE_DATED_RULES: [one],
    });
    const two = [one, { rule: "instructions-max", from: "2027-03-01", max: 80 }];
    expect(appSettingsSchema.parse({ ...complete, MARKETPLACE_DATED_RULES: JSON.stringify(two) })).toMatchObject({
      MARKETPLACE_DATED_RULES: two,
    });
  });

  it("refuse a dated rule that is not JSON, names no known rule, or has a bad day or limit, saying what to write", () => {
    const rules = (value: string) => problemsOf({ ...complete, MARKETPLACE_DATED_RULES: value });
    expect(rules("instructions-max from 2027")).toBe(
      '  MARKETPLACE_DATED_RULES must be JSON: a rule such as {"rule": "instructions-max", "from": "2027-01-15", "max": 100}, or a list of them',
    );
    expect(rules('{"rule": "title-max", "from": "2027-01-15"}')).toBe(
      "  MARKETPLACE_DATED_RULES.0.rule must name a known rule: instructions-max (with from and max)",
    );
    expect(rules('{"rule": "instructions-max", "from": "2027-02-30", "max": 100}')).toBe(
      "  MARKETPLACE_DATED_RULES.0.from must be a day of the calendar, e.g. 2027-01-15",
    );
    expect(rules('{"rule": "instructions-max", "from": "15/01/2027", "max": 100}')).toContain(
      "MARKETPLACE_DATED_RULES.0.from must be a day written YYYY-MM-DD",
    );
    expect(rules('[{"rule": "instructions-max", "from": "2027-01-15", "max": 0}]')).toBe(
      "  MARKETPLACE_DATED_RULES.0.max must be a whole number of characters from 1 to 1000, e.g. 100",
    );
    expect(rules('{"rule": "instructions-max", "from": "2027-01-15"}')).toContain(
      "MARKETPLACE_DATED_RULES.0.max must be",
    );
  });

  it("read a renamed setting under its old name, with a warning to rename it; the new name wins when both are set", () => {
    const old = { ...complete, BULK_LEASE_MS: "12000" };
    expect(serverSettingsSchema.parse(withRenamedSettings(old)).CHANGE_LEASE_MS).toBe(12_000);
    expect(renamedSettingWarnings(old)).toEqual([
      "BULK_LEASE_MS is now called CHANGE_LEASE_MS: rename it in the environment (its value is used until then).",
    ]);
    const both = { ...old, CHANGE_LEASE_MS: "9000" };
    expect(serverSettingsSchema.parse(withRenamedSettings(both)).CHANGE_LEASE_MS).toBe(9000);
    expect(renamedSettingWarnings(both)).toEqual([
      "BULK_LEASE_MS is now called CHANGE_LEASE_MS, which is also set and wins: remove BULK_LEASE_MS from the environment.",
    ]);
    expect(renamedSettingWarnings(complete)).toEqual([]);
  });

  it("name each missing setting the server needs", () => {
    const problems = problemsOf({});
    for (const name of [
      "MARKETPLACE_API_URL",
      "MARKETPLACE_AUTH_URL",
      "MARKETPLACE_KEYSTRING",
      "MARKETPLACE_SHARED_SECRET",
      "AUTH_SECRET",
      "AUTH_URL",
    ])
      expect(problems).toContain(`  ${name} `);
  });
});
