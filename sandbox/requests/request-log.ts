import type { Exchange } from "./request-exchange.js";

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

export type LogRecord = Omit<LogEntry, "id" | "time"> & { timeMs: number; exchange?: Exchange };

/** An entry with what was kept of its headers and bodies (GET /__sandbox/requests.har, POST /__sandbox/verify). */
export type KeptEntry = LogEntry & { exchange?: Exchange };

/** Which entries to list: each given field narrows the list (GET /__sandbox/requests?method=&path=&status=&since=). */
export type LogFilter = {
  sinceId?: number;
  sinceMs?: number;
  method?: string;
  /** A whole path, or a prefix ending in `*`. */
  path?: string;
  /** One status (404), or a class (4xx): the lowest and highest status it takes. */
  status?: readonly [number, number];
};

export class RequestLog {
  private ring: (LogRecord & { id: number })[] = [];
  private nextId = 1;

  constructor(private readonly keep = 2000) {}

  add(record: LogRecord) {
    const id = this.nextId++;
    this.ring[(id - 1) % this.keep] = { id, ...record };
  }

  list(filter: number | LogFilter = 0): LogEntry[] {
    return this.kept(filter).map(({ exchange: _exchange, ...entry }) => entry);
  }

  kept(filter: number | LogFilter = 0): KeptEntry[] {
    const { sinceId = 0, sinceMs, method, path, status } = typeof filter === "number" ? { sinceId: filter } : filter;
    const prefix = path?.endsWith("*") ? path.slice(0, -1) : undefined;
    const first = Math.max(sinceId + 1, this.nextId - this.keep, 1);
    const entries: KeptEntry[] = [];
    for (let id = first; id < this.nextId; id++) {
      const record = this.ring[(id - 1) % this.keep];
      if (!record || record.id !== id) continue;
      if (sinceMs !== undefined && record.timeMs < sinceMs) continue;
      if (method !== undefined && record.method !== method.toUpperCase()) continue;
      if (path !== undefined && (prefix === undefined ? record.path !== path : !record.path.startsWith(prefix)))
        continue;
      if (status !== undefined && (record.status < status[0] || record.status > status[1])) continue;
      const { id: _id, timeMs, ...fields } = record;
      entries.push({ id, time: new Date(timeMs).toISOString(), ...fields });
    }
    return entries;
  }

  clear() {
    this.ring = [];
  }
}
