// Tests and benchmarks: a PostgreSQL cluster in a temporary folder on a free port, stopped and deleted afterwards.
import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./dashboard-process";

export type ThrowawayPostgres = {
  url: string;
  /** An outage: the server shuts down as an operator's `pg_ctl stop -m fast` does, its data kept. */
  halt: () => void;
  /** The end of the outage: the same cluster on the same port. */
  restart: () => void;
  stop: () => Promise<void>;
};

function binDir(): string {
  const root = "/usr/lib/postgresql";
  const version = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a))[0] : undefined;
  if (!version || !existsSync(join(root, version, "bin", "initdb"))) {
    throw new Error("PostgreSQL is not installed: run `apt-get install -y postgresql` (.ci/run does this by itself).");
  }
  return join(root, version, "bin");
}

/** PostgreSQL refuses to run as root, so as root the cluster belongs to the `postgres` system user. */
function asPostgresUser(command: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
}

export async function startThrowawayPostgres(at: { port?: number } = {}): Promise<ThrowawayPostgres> {
  const bin = binDir();
  const dir = mkdtempSync(join(tmpdir(), "pg-"));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString());
    chownSync(dir, uid, gid);
  }
  const [initdb, initArgs] = asPostgresUser(join(bin, "initdb"), [
    "-D",
    join(dir, "data"),
    "-A",
    "trust",
    "-U",
    "postgres",
    "--no-sync",
    "-E",
    "UTF8",
  ]);
  execFileSync(initdb, initArgs, { stdio: "ignore" });
  const port = at.port ?? (await freePort());
  const data = join(dir, "data");
  const options = `-p ${port} -k ${dir} -c listen_addresses=localhost -c fsync=off -c max_connections=200`;
  const pgCtl = (...args: string[]) => {
    const [command, commandArgs] = asPostgresUser(join(bin, "pg_ctl"), ["-D", data, ...args]);
    execFileSync(command, commandArgs, { stdio: "ignore" });
  };
  const start = () => pgCtl("-o", options, "-l", join(dir, "log"), "-w", "start");
  start();
  return {
    url: `postgres://postgres@localhost:${port}/postgres`,
    halt: () => pgCtl("-m", "fast", "-w", "stop"),
    restart: start,
    stop: async () => {
      // A halted cluster is not running: pg_ctl says so with a failure.
      if (existsSync(join(data, "postmaster.pid"))) pgCtl("-m", "immediate", "-w", "stop");
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
