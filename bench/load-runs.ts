// npm run bench's part 5: `npm run loadtest` without and with pauses, and its fault soak, one after the other, each run as the CLI it is (it
// exits when done and stops its own servers on SIGINT), on the build copy the bench already made; figures via --json.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { LoadFigures } from "./loadtest-figures";
import { runScript } from "./processes";

/** A run that ended without figures (crashed, or could not start) is reported as such, not thrown. */
export type LoadRun = LoadFigures | { skipped: string };

export type LoadRuns = { load: LoadRun; paced: LoadRun; soak: LoadRun };

/** Each run's flags, and the command that repeats it alone. */
export const LOAD_RUNS = {
  load: { flags: [], command: "npm run loadtest" },
  paced: { flags: ["--think-ms", "1000"], command: "npm run loadtest -- --think-ms 1000" },
  soak: { flags: ["--soak"], command: "npm run loadtest -- --soak" },
} as const;

async function loadtest(distDir: string, run: keyof typeof LOAD_RUNS): Promise<LoadRun> {
  const folder = mkdtempSync(join(tmpdir(), "bench-loadtest-"));
  const file = join(folder, "figures.json");
  try {
    // A missed target exits 1 with the figures written: only missing figures mean the run failed.
    const code = await runScript(["bench/loadtest.ts", "--dist-dir", distDir, "--json", file, ...LOAD_RUNS[run].flags]).exit;
    try {
      return JSON.parse(readFileSync(file, "utf8")) as LoadFigures;
    } catch {
      return { skipped: `\`${LOAD_RUNS[run].command}\` exited with ${code} before writing its figures (the bench's output says why)` };
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

export async function measureLoad(distDir: string, log: (line: string) => void): Promise<LoadRuns> {
  log(`load test: 50 sellers for 60 s (${LOAD_RUNS.load.command})`);
  const load = await loadtest(distDir, "load");
  log(`paced: the same with sellers pausing about a second between actions, as people do (${LOAD_RUNS.paced.command})`);
  const paced = await loadtest(distDir, "paced");
  log(`fault soak: the same with one write in ten failing (${LOAD_RUNS.soak.command})`);
  const soak = await loadtest(distDir, "soak");
  return { load, paced, soak };
}
