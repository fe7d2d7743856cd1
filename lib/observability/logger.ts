// Not `server-only`: the custom server (scripts/server.ts, plain Node) logs through the same logger as the app.
import pino, { type Logger } from "pino";

/** Field names whose values never reach a log line, wherever they sit in a logged object. */
export const REDACTED_KEYS = [
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
];

const paths = REDACTED_KEYS.flatMap((key) => [`["${key}"]`, `*["${key}"]`, `*.*["${key}"]`]);

const globalForLogger = globalThis as unknown as { dashboardLogger?: Logger };

/** JSON lines on stdout (LOG_LEVEL, default info); one logger per process, shared by the server and the app's bundle. */
export function logger(): Logger {
  // Synchronous writes: lines stay in order and none is lost when the server exits right after logging.
  globalForLogger.dashboardLogger ??= pino(
    { level: process.env.LOG_LEVEL || "info", base: { pid: process.pid }, timestamp: pino.stdTimeFunctions.isoTime, redact: { paths, censor: "[redacted]" } },
    pino.destination({ dest: 1, sync: true }),
  );
  return globalForLogger.dashboardLogger;
}
