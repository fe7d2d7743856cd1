import type { LogFilter } from "./request-log.js";

// GET /__sandbox/requests?method=&path=&status=&since=: which calls a client made, told from the query's text.
// `since` was an entry id before it was also a time; a whole number stays an id.

const TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** The filter the query asks for, or the sentence saying which parameter is wrong and what it takes. */
export function logFilter(query: Record<string, string>): LogFilter | string {
  const filter: LogFilter = {};
  const { since, method, path, status } = query;
  if (since !== undefined && since !== "") {
    if (/^\d+$/.test(since)) filter.sinceId = Number(since);
    else if (TIME.test(since) && !Number.isNaN(Date.parse(since))) filter.sinceMs = Date.parse(since);
    else
      return `since: give an entry id (a whole number: the entries after it) or an ISO 8601 time such as 2026-09-21T10:00:00Z (the entries from then on, by the sandbox clock), not "${since}".`;
  }
  if (method !== undefined) {
    if (!/^[A-Za-z]+$/.test(method)) return `method: give an HTTP method such as GET or POST, not "${method}".`;
    filter.method = method;
  }
  if (path !== undefined) {
    if (!path.startsWith("/"))
      return `path: give a path starting with /, whole (/v3/application/users/me) or as a prefix ending in * (/v3/application/shops/*), not "${path}".`;
    filter.path = path;
  }
  if (status !== undefined) {
    const exact = /^[1-5]\d\d$/.exec(status);
    const range = /^([1-5])xx$/i.exec(status);
    if (exact) filter.status = [Number(status), Number(status)];
    else if (range) filter.status = [Number(range[1]) * 100, Number(range[1]) * 100 + 99];
    else return `status: give a status such as 404 or a class such as 4xx, not "${status}".`;
  }
  return filter;
}
