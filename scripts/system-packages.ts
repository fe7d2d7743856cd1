// What npm test needs from the operating system: a Chromium for the browser tests, PostgreSQL and HAProxy for the
// multi-instance tests. Missing ones are installed from Debian when this runs as root with apt-get; otherwise the
// caller stops with the one command that installs them. `npx tsx scripts/system-packages.ts` does only this step.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { findBrowser } from "./find-browser";

type Need = { debianPackage: string; present: () => boolean };

const onPath = (binary: string) => spawnSync("sh", ["-c", `command -v ${binary}`], { stdio: "ignore" }).status === 0;

const postgresInstalled = () =>
  existsSync("/usr/lib/postgresql") &&
  readdirSync("/usr/lib/postgresql").some((version) => existsSync(`/usr/lib/postgresql/${version}/bin/initdb`));

export const NEEDS: Need[] = [
  { debianPackage: "chromium", present: () => findBrowser() !== undefined },
  { debianPackage: "postgresql", present: postgresInstalled },
  { debianPackage: "haproxy", present: () => onPath("haproxy") || existsSync("/usr/sbin/haproxy") },
];

export const missingPackages = () => NEEDS.filter((need) => !need.present()).map((need) => need.debianPackage);

export const installCommand = (packages: string[]) => `apt-get update && apt-get install -y ${packages.join(" ")}`;

/** Installs what is missing when it can; the packages still missing afterwards (empty when all is there). */
export function ensureSystemPackages(log: (line: string) => void = console.log): string[] {
  const missing = missingPackages();
  if (missing.length === 0) return [];
  const canInstall = process.getuid?.() === 0 && onPath("apt-get");
  if (!canInstall) return missing;
  log(`Installing from Debian what the tests need: ${missing.join(" ")} (apt-get, about a minute)`);
  // RUNLEVEL=1: the packages' scripts install but do not start their services (a PostgreSQL cluster, an HAProxy on port 80).
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive", RUNLEVEL: "1" };
  const update = spawnSync("apt-get", ["update"], { stdio: ["ignore", "ignore", "inherit"], env });
  const install =
    update.status === 0
      ? spawnSync("apt-get", ["install", "-y", ...missing], { stdio: ["ignore", "ignore", "inherit"], env })
      : update;
  if (install.status !== 0) log(`apt-get failed (exit ${install.status}).`);
  return missingPackages();
}

if (process.argv[1]?.endsWith("system-packages.ts")) {
  const missing = ensureSystemPackages();
  if (missing.length > 0) {
    console.log(`Missing for the tests: ${missing.join(", ")}. Run as root: ${installCommand(missing)}`);
    process.exit(1);
  }
  console.log("Chromium, PostgreSQL and HAProxy are installed.");
}
