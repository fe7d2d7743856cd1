// What a seller typed or chose survives a trip through sign-in (or a reload) in this tab's sessionStorage, never on a
// server. Storage may refuse (private mode, full): then the value is simply not kept.

export function keepInTab(key: string, value: unknown) {
  try {
    sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Not kept: what was typed or chosen is lost with the page.
  }
}

/** The value kept under `key`, left in place. Unknown until the caller checks its shape. */
export function readFromTab(key: string): unknown {
  try {
    const raw = sessionStorage.getItem(key);
    return raw === null ? undefined : JSON.parse(raw);
  } catch {
    return undefined;
  }
}

export const isKeptInTab = (key: string) => readFromTab(key) !== undefined;

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
