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

const KEEP = 2000;

/** The recent requests, newest last; never holds a token, secret or code. */
export class RequestLog {
  private entries: LogEntry[] = [];
  private nextId = 1;

  add(entry: Omit<LogEntry, "id">) {
    this.entries.push({ id: this.nextId++, ...entry });
    if (this.entries.length > KEEP) this.entries.splice(0, this.entries.length - KEEP);
  }

  list(sinceId = 0): LogEntry[] {
    return this.entries.filter((entry) => entry.id > sinceId);
  }

  clear() {
    this.entries = [];
  }
}
