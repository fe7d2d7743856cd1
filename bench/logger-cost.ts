// What a log line costs: `npx tsx bench/logger-cost.ts [--lines 100000] [--rounds 4]` writes the server's request line to
// /dev/null through the dashboard's logger (secrets censored by redactSecrets), through pino's own `redact` with path
// patterns for the same names (what the logger used before), and through pino censoring nothing, in turn; medians in µs.
import { parseArgs } from "node:util";
import pino, { type Logger } from "pino";
import { createLogger, REDACTED_KEYS } from "../lib/observability/logger.js";
import { median } from "./load.js";

const { values } = parseArgs({
  options: { lines: { type: "string", default: "100000" }, rounds: { type: "string", default: "4" } },
});
const [lines, rounds] = [Number(values.lines), Number(values.rounds)];
const destination = () => pino.destination({ dest: "/dev/null", sync: true });
const options = { base: { pid: process.pid }, timestamp: pino.stdTimeFunctions.isoTime };
const paths = REDACTED_KEYS.flatMap((key) => [`["${key}"]`, `*["${key}"]`, `*.*["${key}"]`]);

const loggers: Record<string, Logger> = {
  "the dashboard's logger (redactSecrets)": createLogger(destination()),
  "pino redact paths": pino({ ...options, redact: { paths, censor: "[redacted]" } }, destination()),
  "pino, nothing censored": pino(options, destination()),
};

function microsecondsPerLine(log: Logger) {
  const started = process.hrtime.bigint();
  for (let line = 0; line < lines; line++)
    log.info({ msg: "request", requestId: `r-${line}`, method: "GET", route: "/listings", status: 200, ms: 12.3 });
  return Number(process.hrtime.bigint() - started) / 1000 / lines;
}

const timings = new Map(Object.keys(loggers).map((name) => [name, [] as number[]]));
for (let round = 0; round < rounds; round++)
  for (const [name, log] of Object.entries(loggers)) timings.get(name)!.push(microsecondsPerLine(log));
console.log(`${lines} lines a round, ${rounds} rounds in turn; µs per line (median):`);
for (const [name, times] of timings) console.log(`  ${median(times).toFixed(1).padStart(6)}  ${name}`);
