import { parseArgs } from "node:util";

/**
 * A bench part run alone (`npx tsx bench/load/<part>.ts [--listings N] [--per-second N] [--json]`): measured in this
 * process when it has the react-server condition (the runners are server-only code), else in a child that has it.
 */
export async function runPartAlone<T>(part: {
  defaultListings: number;
  measure: (listings: number, perSecond: number) => Promise<T>;
  inChild: (listings: number, perSecond: number) => Promise<T>;
  describe: (figures: T) => string[];
  met: (figures: T) => boolean;
}) {
  const { values } = parseArgs({
    options: { json: { type: "boolean" }, listings: { type: "string" }, "per-second": { type: "string" } },
  });
  const listings = Number(values.listings ?? part.defaultListings);
  const perSecond = Number(values["per-second"] ?? 20);
  const serverOnly = await import("server-only").then(
    () => true,
    () => false,
  );
  const figures = serverOnly ? await part.measure(listings, perSecond) : await part.inChild(listings, perSecond);
  console.log(values.json ? JSON.stringify(figures) : part.describe(figures).join("\n"));
  process.exit(part.met(figures) ? 0 : 1);
}

/** A bench part run alone with whole-number options (`--name N`) and `--json`, each option defaulting as given. */
export async function runWithOptions<O extends Record<string, number>, T>(part: {
  defaults: O;
  measure: (options: O & { log?: () => void }) => Promise<T>;
  describe: (figures: T) => string[];
  met: (figures: T) => boolean;
}) {
  const { values } = parseArgs({
    options: {
      json: { type: "boolean", default: false },
      ...Object.fromEntries(Object.keys(part.defaults).map((name) => [name, { type: "string" as const }])),
    },
  });
  const options = Object.fromEntries(
    Object.entries(part.defaults).map(([name, fallback]) => [
      name,
      Number((values as Record<string, unknown>)[name] ?? fallback),
    ]),
  ) as O;
  const bad = Object.entries(options).filter(([, value]) => !Number.isInteger(value) || value < 0);
  if (bad.length > 0) {
    console.error(
      `--${bad.map(([name]) => name).join(", --")} takes a whole number, such as --${bad[0]![0]} ${part.defaults[bad[0]![0]]}.`,
    );
    process.exit(2);
  }
  const figures = await part.measure({ ...options, ...(values.json ? { log: () => {} } : {}) });
  console.log(values.json ? JSON.stringify(figures) : part.describe(figures).join("\n"));
  process.exit(part.met(figures) ? 0 : 1);
}
