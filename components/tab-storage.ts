// What a seller typed survives a trip through sign-in in this tab's sessionStorage, never on a server. Storage may
// refuse (private mode, full): then the value is simply not kept.

export function keepInTab(key: string, value: unknown) {
  try {
    sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Not kept: the seller types again after signing in.
  }
}

export function isKeptInTab(key: string): boolean {
  try {
    return sessionStorage.getItem(key) !== null;
  } catch {
    return false;
  }
}

/** The value kept under `key`, once: it is gone after this read. Unknown until the caller checks its shape. */
export function takeFromTab(key: string): unknown {
  try {
    const raw = sessionStorage.getItem(key);
    sessionStorage.removeItem(key);
    return raw === null ? undefined : JSON.parse(raw);
  } catch {
    return undefined;
  }
}
