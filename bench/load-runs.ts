// npm run bench's part 5: `npm run loadtest` without and with pauses, and its fault soak, one after the other, each run as the CLI it is (it
// exits when done and stops its own servers on SIGINT), on the build copy the bench already made; figures via --json.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { LoadFigures } from "./loadtest-figures";
import { runScript } from "./processes";

/** A run that ended without figures (crashed, or could not start) is reported as such, not thrown. */
export type LoadRun = LoadFigures | { skipped: string };

/** Each run's flags, and the command that repeats it alone. */
export const LOAD_RUNS = {
  load: { flags: [], command: "npm run loadtest" },
  paced: { flags: ["--think-ms", "1000"], command: "npm run loadtest -- --think-ms 1000" },
  soak: { flags: ["--soak"], command: "npm run loadtest -- --soak" },
} as const;

/** `--baseline <dir>`: another checkout of this project, built (`npx next build` there), whose own load test runs in turn with this one's. */
export type Baseline = { dir: string; commit: string };

/** The same-machine comparison: the baseline's load test and this one's, alternating (baseline first), no pauses. */
export type AgainstBaseline = { commit: string; baseline: LoadRun[]; ours: LoadRun[] };

export type LoadRuns = { load: LoadRun; paced: LoadRun; soak: LoadRun; against?: AgainstBaseline };

const ROUNDS = 2;

async function loadtest(distDir: string | undefined, run: keyof typeof LOAD_RUNS, cwd?: string): Promise<LoadRun> {
  const folder = mkdtempSync(join(tmpdir(), "bench-loadtest-"));
  const file = join(folder, "figures.json");
  try {
    // A missed target exits 1 with the figures written: only missing figures mean the run failed.
    const dist = distDir ? ["--dist-dir", distDir] : [];
    const code = await runScript(
      ["bench/loadtest.ts", ...dist, "--json", file, ...LOAD_RUNS[run].flags],
      "inherit",
      cwd,
    ).exit;
    try {
      return JSON.parse(readFileSync(file, "utf8")) as LoadFigures;
    } catch {
      return {
        skipped: `\`${LOAD_RUNS[run].command}\` exited with ${code} before writing its figures (the bench's output says why)`,
      };
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

export async function measureLoad(
  distDir: string,
  log: (line: string) => void,
  baseline?: Baseline,
): Promise<LoadRuns> {
  let against: AgainstBaseline | undefined;
  let load: LoadRun;
  if (baseline) {
    // Speed drifts within the hour here: only runs taken in turn compare fairly (../shared/perf-notes.md).
    against = { commit: baseline.commit, baseline: [], ours: [] };
    for (let round = 1; round <= ROUNDS; round++) {
      log(
        `load test, round ${round} of ${ROUNDS}: baseline ${baseline.commit} (its own build and load test, in ${baseline.dir})`,
      );
      against.baseline.push(await loadtest(undefined, "load", baseline.dir));
      log(`load test, round ${round} of ${ROUNDS}: this checkout (${LOAD_RUNS.load.command})`);
      against.ours.push(await loadtest(distDir, "load"));
    }
    load = against.ours[0]!;
  } else {
    log(`load test: 50 sellers for 60 s (${LOAD_RUNS.load.command})`);
    load = await loadtest(distDir, "load");
  }
  log(`paced: the same with sellers pausing about a second between actions, as people do (${LOAD_RUNS.paced.command})`);
  const paced = await loadtest(distDir, "paced");
  log(`fault soak: the same with one write in ten failing (${LOAD_RUNS.soak.command})`);
  const soak = await loadtest(distDir, "soak");
  return { load, paced, soak, against };
}
