// The production server as `npm start`, the tests and the benchmarks run it: Next's own `next start`, launched by Node
// itself so that no npx or shell sits between a signal and the server. NEXT_MANUAL_SIG_HANDLE hands SIGTERM to
// instrumentation.ts, which lets the bulk runner drain first; Next reads it before loading any .env file.
import { createRequire } from "node:module";

const nextBin = createRequire(import.meta.url).resolve("next/dist/bin/next");

export const SERVER_COMMAND = [process.execPath, nextBin, "start"] as const;

export const SERVER_ENV = { NODE_ENV: "production", NEXT_MANUAL_SIG_HANDLE: "true" } as const;
