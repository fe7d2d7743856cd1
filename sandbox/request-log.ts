export type LogEntry = {
  id: number;
  time: string;
  method: string;
  path: string;
  status: number;
  api_key: boolean;
  app: string | null;
  bearer_user: number | null;
  grant_type: string | null;
  client_auth: "none" | "basic" | "client_secret" | null;
  code_verifier: boolean | null;
  error: string | null;
};

export type LogRecord = Omit<LogEntry, "id" | "time"> & { timeMs: number };

const KEEP = 2000;

export class RequestLog {
  private ring: (LogRecord & { id: number })[] = [];
  private nextId = 1;

  add(record: LogRecord) {
    const id = this.nextId++;
    this.ring[(id - 1) % KEEP] = { id, ...record };
  }

  list(sinceId = 0): LogEntry[] {
    const first = Math.max(sinceId + 1, this.nextId - KEEP, 1);
    const entries: LogEntry[] = [];
    for (let id = first; id < this.nextId; id++) {
      const record = this.ring[(id - 1) % KEEP];
      if (!record || record.id !== id) continue;
      const { id: _id, timeMs, ...fields } = record;
      entries.push({ id, time: new Date(timeMs).toISOString(), ...fields });
    }
    return entries;
  }

  clear() {
    this.ring = [];
  }
}
