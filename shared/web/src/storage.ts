/**
 * The local-storage keys of spec section 4, and nothing else. Internal to @khela/web: the player
 * session service is their one writer (and the API client reads the token); apps never touch them.
 */
export const STORAGE_KEYS = [
  'token',
  'remote_id',
  'username',
  'exchangeToken',
  'balance',
  'popup',
  'regPopup',
  'referral_code',
  'affiliate_code',
  'agent_code',
  'whatsapp',
  'liveChat',
  'intercom',
  'tawkId',
  // UI preference, not player data: the chosen language survives reloads
  'locale',
] as const;
export type StorageKey = (typeof STORAGE_KEYS)[number];

function ls(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export const storage = {
  get(key: StorageKey): string | null {
    return ls()?.getItem(key) ?? null;
  },
  set(key: StorageKey, value: string): void {
    ls()?.setItem(key, value);
  },
  remove(...keys: StorageKey[]): void {
    for (const k of keys) ls()?.removeItem(k);
  },
  clearAll(): void {
    ls()?.clear();
  },
};
