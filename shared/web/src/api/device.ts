import { DEVICE_ID_HEADER, DEVICE_ID_PATTERN } from '@khela/contracts';

/** Where the browser keeps the site's first-party device id (not one of the player keys of docs/README.md#spec-4: it outlives a log-out). */
export const DEVICE_ID_KEY = 'khela_device';

let memo: string | null = null;

/**
 * The site's first-party device id: a random id made once and kept in local storage (never a fingerprint). The API
 * links accounts used from one device, so a self-exclusion holds across a person's accounts. Null without storage.
 */
export function deviceId(): string | null {
  if (memo) return memo;
  try {
    if (typeof localStorage === 'undefined') return null;
    const kept = localStorage.getItem(DEVICE_ID_KEY);
    if (kept && DEVICE_ID_PATTERN.test(kept)) return (memo = kept);
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    const made = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    localStorage.setItem(DEVICE_ID_KEY, made);
    return (memo = made);
  } catch {
    return null;
  }
}

/** The header of a logged-in call (only those: a visitor's calls stay simple requests, without a CORS preflight). */
export function deviceHeader(): Record<string, string> {
  const id = deviceId();
  return id ? { [DEVICE_ID_HEADER]: id } : {};
}
