import { parseArgs } from "node:util";
import { startSandbox } from "./server.js";
import { DEMO_APP, DEMO_SELLERS } from "./store/seed.js";
import { DEFAULT_OPTIONS } from "./state.js";
import { isPhase, PHASES, type Phase } from "./phases.js";
import { MAX_SPACES } from "./spaces.js";
import { harHealth } from "./har-health.js";

const USAGE = `Usage: npm run sandbox -- [--port 4010] [--host localhost] [--db :memory:|path.db] [--strict-https] [--rate-per-second N] [--rate-per-day N] [--max-spaces N] [--phase ${PHASES.join("|")}]
       npm run sandbox -- --health <file.har> [--until YYYY-MM-DD]`;

function positiveInt(name: string, value: string | undefined, fallback: number) {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) {
    console.error(`--${name} must be a whole number, got "${value}".\n${USAGE}`);
    process.exit(2);
  }
  return number;
}

const { values } = parseArgs({
  options: {
    port: { type: "string" },
    host: { type: "string" },
    db: { type: "string" },
    "strict-https": { type: "boolean" },
    "rate-per-second": { type: "string" },
    "rate-per-day": { type: "string" },
    "max-spaces": { type: "string" },
    phase: { type: "string" },
    health: { type: "string" },
    until: { type: "string" },
    help: { type: "boolean" },
  },
  strict: true,
});

if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

if (values.health !== undefined) {
  const report = await harHealth(values.health, values.until);
  (report.exitCode === 2 ? console.error : console.log)(report.lines.join("\n"));
  process.exit(report.exitCode);
}

function phase(value: string | undefined): Phase | undefined {
  if (value === undefined || isPhase(value)) return value;
  console.error(`--phase must be one of ${PHASES.join(", ")}, got "${value}".\n${USAGE}`);
  process.exit(2);
}

const sandbox = await startSandbox({
  port: positiveInt("port", values.port ?? process.env.SANDBOX_PORT, 4010),
  hostname: values.host ?? "localhost",
  db: values.db ?? process.env.SANDBOX_DB ?? DEFAULT_OPTIONS.db,
  strictHttps: values["strict-https"] ?? false,
  perSecond: positiveInt("rate-per-second", values["rate-per-second"], DEFAULT_OPTIONS.perSecond),
  perDay: positiveInt("rate-per-day", values["rate-per-day"], DEFAULT_OPTIONS.perDay),
  phase: phase(values.phase),
  maxSpaces: positiveInt("max-spaces", values["max-spaces"], MAX_SPACES),
});

const sellers = Object.values(DEMO_SELLERS)
  .map((seller) => `  ${seller.email.padEnd(18)} ${seller.password.padEnd(15)} ${seller.shop_name ?? "(no shop)"}`)
  .join("\n");
console.log(`Marketplace sandbox listening on ${sandbox.url} (database ${values.db ?? process.env.SANDBOX_DB ?? ":memory:"}, phase ${sandbox.state.phase}${sandbox.state.pinnedPhase ? ", pinned" : ", following the clock"})
Demo app: ${DEMO_APP.name}, keystring ${DEMO_APP.keystring}
Demo sellers (email, password, shop):
${sellers}
Home page and request log: ${sandbox.url}/`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => void sandbox.close().then(() => process.exit(0)));
}
