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

export type ProcessFigures = { name: string; pid: number; peakRssMb: number; hwmMb: number; cpuSeconds: number };

export class Sampler {
  private peaks = new Map<number, number>();
  private cpuAtStart = new Map<number, number>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly processes: { name: string; pid: number }[]) {}

  start(everyMs = 200) {
    for (const { pid } of this.processes) this.cpuAtStart.set(pid, cpuSeconds(pid) ?? 0);
    this.sample();
    this.timer = setInterval(() => this.sample(), everyMs);
  }

  private sample() {
    for (const { pid } of this.processes) {
      const rss = statusKb(pid, "VmRSS");
      if (rss !== undefined) this.peaks.set(pid, Math.max(this.peaks.get(pid) ?? 0, rss));
    }
  }

  /** "name 123 MB, ..." with each process's current RSS, for progress lines. */
  now(): string {
    return this.processes.map(({ name, pid }) => `${name.split(" ")[0]} ${((statusKb(pid, "VmRSS") ?? 0) / 1024).toFixed(0)} MB`).join(", ");
  }

  stop(): ProcessFigures[] {
    clearInterval(this.timer);
    this.sample();
    return this.processes.map(({ name, pid }) => ({
      name,
      pid,
      peakRssMb: (this.peaks.get(pid) ?? 0) / 1024,
      // The kernel's own high-water mark since the process started (includes start-up and sign-in).
      hwmMb: (statusKb(pid, "VmHWM") ?? 0) / 1024,
      cpuSeconds: (cpuSeconds(pid) ?? 0) - (this.cpuAtStart.get(pid) ?? 0),
    }));
  }
}
