// Not `server-only`: instrumentation.ts and the app's bundles log through it, and so do the tests and scripts.
import pino, { type DestinationStream, type Logger } from "pino";

const SECRET = new Set([
  "authorization",
  "cookie",
  "set-cookie",
  "x-api-key",
  "token",
  "accessToken",
  "access_token",
  "refreshToken",
  "refresh_token",
  "secret",
  "sharedSecret",
  "shared_secret",
  "password",
  "code_verifier",
]);
const CENSOR = "[redacted]";
const DEPTH = 4;

// Plain objects and arrays only: an Error, Date or Buffer copied field by field would lose what makes it one.
function walkable(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return Array.isArray(value) || prototype === Object.prototype || prototype === null;
}

export function redactSecrets(object: Record<string, unknown>, depth = 0): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined;
  for (const key of Object.keys(object)) {
    const value = object[key];
    const next = SECRET.has(key) ? CENSOR : depth < DEPTH && walkable(value) ? redactSecrets(value, depth + 1) : value;
    if (next === value) continue;
    copy ??= Array.isArray(object) ? ([...object] as unknown as Record<string, unknown>) : { ...object };
    copy[key] = next;
  }
  return copy ?? object;
}

const globalForLogger = globalThis as unknown as { dashboardLogger?: Logger };

export function createLogger(destination: DestinationStream): Logger {
  return pino(
    {
      level: process.env.LOG_LEVEL || "info",
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { log: redactSecrets },
    },
    destination,
  );
}

export function logger(): Logger {
  // Synchronous writes: lines stay in order and none is lost when the server exits right after logging.
  globalForLogger.dashboardLogger ??= createLogger(pino.destination({ dest: 1, sync: true }));
  return globalForLogger.dashboardLogger;
}
