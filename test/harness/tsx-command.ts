import { spawn } from "node:child_process";

const ROOT = new URL("../..", import.meta.url).pathname;

export type CommandRun = { status: number | null; stdout: string; stderr: string };

/** One of the repository's commands (`scripts/spec-diff.ts`, `sandbox/main.ts`) run to its end through tsx. */
export function tsxCommand(script: string, ...args: string[]): Promise<CommandRun> {
  return new Promise((resolve, reject) => {
    const child = spawn("npx", ["tsx", script, ...args], { cwd: ROOT });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}
