// The player's betting settings (issue 33): stake presets, keep in-play and one-click betting, kept on the server
// (GET/PUT /api/exchange/settings) so they follow the player to another device. One copy per API client and player,
// shared by the slip, the odds view's one-click bar and the ladder; defaults until read (and for a visitor).
import { useEffect, useSyncExternalStore } from 'react';
import * as schemas from '@khela/contracts';
import { useHost, usePlayer } from '@khela/web';
import type { ApiClient } from '@khela/web';

type Settings = schemas.ExchangeSettings;
export type ExchangeSettings = Settings;
export type SettingsChange = NonNullable<schemas.BodyOf<typeof schemas.updateExchangeSettings>>;

/** The settings of a player whose own are not read yet (and of a visitor). */
export const defaultSettings = (): Settings => ({
  ...schemas.DEFAULT_EXCHANGE_SETTINGS,
  stake_presets: [...schemas.DEFAULT_EXCHANGE_SETTINGS.stake_presets],
});

export class SettingsStore {
  private value: Settings = defaultSettings();
  private playerId: string | number | null = null;
  private loaded = false;
  private readonly listeners = new Set<() => void>();
  private snap = { settings: this.value, loaded: false };

  constructor(private readonly api: ApiClient) {}

  get = () => this.snap;
  subscribe = (l: () => void) => {
    this.listeners.add(l);
    return () => void this.listeners.delete(l);
  };
  private set(value: Settings, loaded: boolean) {
    this.value = value;
    this.loaded = loaded;
    this.snap = { settings: value, loaded };
    this.listeners.forEach((l) => l());
  }

  /** The read of the current player's settings on its way (every reader of the page asks at once: one request). */
  private reading: Promise<void> | null = null;

  /** The player changed (log-in, log-out): read theirs, or back to the defaults. */
  async forPlayer(id: string | number | null): Promise<void> {
    if (id === this.playerId && (this.loaded || id === null)) return;
    if (id === this.playerId && this.reading) return this.reading;
    this.playerId = id;
    this.set(defaultSettings(), false);
    if (id === null) return;
    const reading: Promise<void> = this.api.call(schemas.getExchangeSettings, { token: 'exchange' }).then(
      (s) => {
        if (this.playerId === id) this.set(s, true);
      },
      (err: unknown) => console.warn('[exchange] settings failed', err),
    );
    this.reading = reading;
    void reading.finally(() => {
      if (this.reading === reading) this.reading = null;
    });
    return reading;
  }

  /** Changes settings on the server; answers (and keeps) what the server kept. A refusal throws the API's error. */
  async update(change: SettingsChange): Promise<Settings> {
    const id = this.playerId;
    const s = await this.api.call(schemas.updateExchangeSettings, { token: 'exchange', body: change });
    if (this.playerId === id) this.set(s, true);
    return s;
  }
}

let stores = new WeakMap<ApiClient, SettingsStore>();
/** Tests: every API client starts again from the server's answer. */
export function forgetSettings() {
  stores = new WeakMap();
}
export function settingsStore(api: ApiClient): SettingsStore {
  let s = stores.get(api);
  if (!s) stores.set(api, (s = new SettingsStore(api)));
  return s;
}

/** The settings the server rendered: a visitor's (the defaults, not read). */
const NOT_READ = { settings: defaultSettings(), loaded: false };
const notRead = () => NOT_READ;

/** The player's settings (defaults until read) and `update`, which saves on the server. */
export function useExchangeSettings() {
  const { api } = useHost();
  const player = usePlayer();
  const store = settingsStore(api);
  const id = player ? player.remoteId || player.username : null;
  useEffect(() => {
    void store.forPlayer(id);
  }, [store, id]);
  // while hydrating the server's markup: the defaults the server rendered (it renders as a visitor), not the player's
  // own read meanwhile (issue 31); React re-renders with theirs right after
  const snap = useSyncExternalStore(store.subscribe, store.get, notRead);
  return { ...snap, update: (c: SettingsChange) => store.update(c) };
}
