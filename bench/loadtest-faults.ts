// The soak's fault plan: keeps about one write in ten failing, in a mix of the ways a marketplace fails.

const SAVE_PATH = "/v3/application/shops/*";

export type FaultKind = { label: string; body: Record<string, number> };

/** 429 with a short retry-after is waited out and retried by the client; a long one is reported to the seller. */
export function faultKinds(delayMs: number): FaultKind[] {
  return [
    { label: "500", body: { status: 500 } },
    { label: "429 retry-after 1", body: { status: 429, retry_after: 1 } },
    { label: "429 retry-after 30", body: { status: 429, retry_after: 30 } },
    { label: `delay ${delayMs} ms`, body: { delay_ms: delayMs } },
  ];
}

export class FaultInjector {
  private timer: NodeJS.Timeout | undefined;
  private added = 0;
  private ticks = 0;
  private lastLogId = 0;
  readonly byKind: Record<string, number> = {};
  /** Writes the sandbox saw, by status, read from its request log (which keeps only the latest 2,000). */
  readonly writes: Record<string, number> = {};

  constructor(
    private readonly sandboxUrl: string,
    private readonly kinds: FaultKind[],
    private readonly rate: number,
    private readonly savesSent: () => number,
  ) {}

  /** Faults are queued in step with the saves sent so far; each is spent by the next write that reaches the sandbox. */
  start(everyMs = 100) {
    this.timer = setInterval(
      () => void this.top().catch((error: Error) => console.error(`fault injection failed: ${error.message}`)),
      everyMs,
    );
  }

  private async top() {
    if (++this.ticks % 5 === 0) await this.countWrites();
    const due = Math.floor(this.savesSent() * this.rate) - this.added;
    for (let n = 0; n < due; n++) {
      const kind = this.kinds[this.added % this.kinds.length] as FaultKind;
      this.added += 1;
      this.byKind[kind.label] = (this.byKind[kind.label] ?? 0) + 1;
      const response = await fetch(`${this.sandboxUrl}/__sandbox/faults`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ method: "POST", path: SAVE_PATH, times: 1, ...kind.body }),
      });
      if (!response.ok) throw new Error(`POST /__sandbox/faults answered ${response.status}`);
    }
  }

  async countWrites() {
    const log = (await (await fetch(`${this.sandboxUrl}/__sandbox/requests?since=${this.lastLogId}`)).json()) as {
      requests: { id: number; method: string; path: string; status: number }[];
    };
    for (const entry of log.requests) {
      this.lastLogId = Math.max(this.lastLogId, entry.id);
      if (entry.method === "POST" && entry.path.endsWith("/personalization"))
        this.writes[entry.status] = (this.writes[entry.status] ?? 0) + 1;
    }
  }

  /** Stops adding faults and removes the ones not yet spent; returns how many were spent. */
  async stop(): Promise<{ queued: number; spent: number }> {
    clearInterval(this.timer);
    const pending = ((await (await fetch(`${this.sandboxUrl}/__sandbox/faults`)).json()) as { faults: unknown[] })
      .faults.length;
    await fetch(`${this.sandboxUrl}/__sandbox/faults`, { method: "DELETE" });
    return { queued: this.added, spent: this.added - pending };
  }
}
