import { wholeNumberOptions } from "../options";

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
  const { options, json } = wholeNumberOptions(
    { listings: part.defaultListings, "per-second": 20 },
    { withJson: true },
  );
  const { listings, "per-second": perSecond } = options;
  const serverOnly = await import("server-only").then(
    () => true,
    () => false,
  );
  const figures = serverOnly ? await part.measure(listings, perSecond) : await part.inChild(listings, perSecond);
  console.log(json ? JSON.stringify(figures) : part.describe(figures).join("\n"));
  process.exit(part.met(figures) ? 0 : 1);
}

/** A bench part run alone with whole-number options (`--name N`) and `--json`, each option defaulting as given. */
export async function runWithOptions<O extends Record<string, number>, T>(part: {
  defaults: O;
  measure: (options: O & { log?: () => void }) => Promise<T>;
  describe: (figures: T) => string[];
  met: (figures: T) => boolean;
}) {
  const { options, json } = wholeNumberOptions(part.defaults, { withJson: true });
  const figures = await part.measure({ ...options, ...(json ? { log: () => {} } : {}) });
  console.log(json ? JSON.stringify(figures) : part.describe(figures).join("\n"));
  process.exit(part.met(figures) ? 0 : 1);
}
