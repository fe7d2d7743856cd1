// HAProxy in front of dashboard instances, configured from the template in docs/deploy.md (so the doc is what is tested).
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export type ProxiedInstance = { name: string; port: number };

/** `log()`: what HAProxy has written to stdout so far, its access log (one line per request). */
export type RunningProxy = { url: string; config: string; log: () => string; stop: () => Promise<void> };

const MARKER = "<!-- haproxy.cfg template";

export function haproxyConfig(bind: string, instances: ProxiedInstance[], doc = "docs/deploy.md"): string {
  const text = readFileSync(doc, "utf8");
  const template = /```haproxy\n([\s\S]*?)```/.exec(text.slice(text.indexOf(MARKER)))?.[1];
  if (text.indexOf(MARKER) < 0 || !template) throw new Error(`${doc} has no HAProxy template after "${MARKER}"`);
  const servers = instances.map((instance) => `    server ${instance.name} localhost:${instance.port}`).join("\n");
  return template.replace("{{BIND}}", bind).replace("{{SERVERS}}", servers);
}

/** `haproxy -db -f <config>` as docs/deploy.md runs it; answers once a request through it reaches an instance. */
export async function startHaproxy(port: number, instances: ProxiedInstance[]): Promise<RunningProxy> {
  const folder = mkdtempSync(join(tmpdir(), "haproxy-"));
  const config = join(folder, "dashboard.cfg");
  writeFileSync(config, haproxyConfig(`localhost:${port}`, instances));
  const check = spawn("haproxy", ["-c", "-q", "-f", config], { stdio: ["ignore", "ignore", "pipe"] });
  let problems = "";
  check.stderr?.on("data", (chunk: Buffer) => (problems += chunk.toString()));
  const valid = await new Promise<number | null>((resolve) => check.once("exit", resolve));
  if (valid !== 0) throw new Error(`haproxy refused the configuration from docs/deploy.md: ${problems}`);
  const child = spawn("haproxy", ["-db", "-f", config], { stdio: ["ignore", "pipe", "ignore"], detached: true });
  let logText = "";
  child.stdout?.on("data", (chunk: Buffer) => (logText += chunk.toString()));
  const log = () => logText;
  const url = `http://localhost:${port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        rmSync(folder, { recursive: true, force: true });
        resolve();
      };
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once("exit", done);
      process.kill(child.pid as number, "SIGTERM");
    });
  for (
    const deadline = Date.now() + 30_000;
    Date.now() < deadline;
    await new Promise((resolve) => setTimeout(resolve, 200))
  ) {
    if (child.exitCode !== null) throw new Error(`haproxy exited with ${child.exitCode}`);
    if (
      await fetch(`${url}/api/health`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return { url, config, log, stop };
  }
  await stop();
  throw new Error("haproxy did not pass a request to an instance within 30 s");
}
