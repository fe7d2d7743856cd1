// Peak memory and CPU time of the measured processes, read from /proc while the load runs.
import { readFileSync } from "node:fs";

const TICKS_PER_SECOND = 100;

function statusKb(pid: number, field: "VmRSS" | "VmHWM"): number | undefined {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** utime + stime in seconds (fields 14 and 15 of /proc/<pid>/stat). */
export function cpuSeconds(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

export type ProcessFigures = {
  name: string;
  pid: number;
  peakRssMb: number;
  hwmMb: number;
  cpuSeconds: number;
  processes: number;
};

/** One measured program: a process, or a server's primary with its workers (`pids`), whose figures are summed. */
export type Measured = { name: string; pid: number; pids?: number[] };

const membersOf = (measured: Measured) => measured.pids ?? [measured.pid];
const sum = (pids: number[], read: (pid: number) => number | undefined) =>
  pids.reduce((total, pid) => total + (read(pid) ?? 0), 0);

export class Sampler {
  private peaks = new Map<number, number>();
  private cpuAtStart = new Map<number, number>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly processes: Measured[]) {}

  start(everyMs = 200) {
    for (const measured of this.processes) this.cpuAtStart.set(measured.pid, sum(membersOf(measured), cpuSeconds));
    this.sample();
    this.timer = setInterval(() => this.sample(), everyMs);
  }

  private sample() {
    for (const measured of this.processes) {
      const rss = sum(membersOf(measured), (pid) => statusKb(pid, "VmRSS"));
      if (rss > 0) this.peaks.set(measured.pid, Math.max(this.peaks.get(measured.pid) ?? 0, rss));
    }
  }

  /** "name 123 MB, ..." with each program's current RSS, for progress lines. */
  now(): string {
    return this.processes
      .map(
        (measured) =>
          `${measured.name.split(" ")[0]} ${(sum(membersOf(measured), (pid) => statusKb(pid, "VmRSS")) / 1024).toFixed(0)} MB`,
      )
      .join(", ");
  }

  stop(): ProcessFigures[] {
    clearInterval(this.timer);
    this.sample();
    return this.processes.map((measured) => ({
      name: measured.name,
      pid: measured.pid,
      peakRssMb: (this.peaks.get(measured.pid) ?? 0) / 1024,
      // The kernel's own high-water mark since each process started (includes start-up and sign-in), summed.
      hwmMb: sum(membersOf(measured), (pid) => statusKb(pid, "VmHWM")) / 1024,
      cpuSeconds: sum(membersOf(measured), cpuSeconds) - (this.cpuAtStart.get(measured.pid) ?? 0),
      processes: membersOf(measured).length,
    }));
  }
}
