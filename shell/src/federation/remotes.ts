import { registerRemotes, loadRemote } from '@module-federation/enhanced/runtime';
import { z } from 'zod';
import { takeEarly } from '../early/store';

export const REMOTE_NAMES = ['mf_casino', 'mf_exchange', 'mf_wallet', 'mf_account', 'mf_chat'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

const remotesConfigSchema = z.object({
  timeoutMs: z.number().int().positive().default(10_000),
  remotes: z.record(z.string(), z.string()),
  api: z.string().optional(),
});
export type RemotesConfig = z.infer<typeof remotesConfigSchema>;

/** `{hostname}` lets one remotes.json serve localhost, 127.0.0.1 and a LAN address alike. */
export function resolveUrl(template: string, hostname = location.hostname): string {
  return template.replaceAll('{hostname}', hostname);
}

let config: RemotesConfig | null = null;

/** The early script (src/early) asks for /remotes.json (or reads the page's copy) before the bundles arrive; use that answer once. */
function takeEarlyRemotes(url: string): Promise<unknown> | undefined {
  const early = url === '/remotes.json' ? takeEarly('remotes') : undefined;
  // a failed early request is asked again the normal way
  return early?.catch(() => fetch(url, { cache: 'no-cache' }).then((res) => res.json()));
}

/**
 * Reads the remotes config at start (served beside the shell, overridable per environment
 * with KHELA_REMOTES_JSON), so a remote can be redeployed without rebuilding the shell.
 */
export async function loadRemotesConfig(url = '/remotes.json'): Promise<RemotesConfig> {
  config = remotesConfigSchema.parse(await (takeEarlyRemotes(url) ?? fetch(url, { cache: 'no-cache' }).then((res) => res.json())));
  registerRemotes(Object.entries(config.remotes).map(([name, entry]) => ({ name, entry: resolveUrl(entry) })));
  return config;
}

export function remotesConfig(): RemotesConfig {
  if (!config) throw new Error('remotes config not loaded');
  return config;
}

export class RemoteLoadError extends Error {
  constructor(
    readonly remote: string,
    readonly reason: 'timeout' | 'unavailable',
    cause?: unknown,
  ) {
    super(`${remote}: ${reason}`, { cause });
    this.name = 'RemoteLoadError';
  }
}

export interface RemoteLifecycles {
  bootstrap: (props: unknown) => Promise<unknown>;
  mount: (props: unknown) => Promise<unknown>;
  unmount: (props: unknown) => Promise<unknown>;
  update?: (props: unknown) => Promise<unknown>;
}

/** Loads `<remote>/app`, giving up after the configured timeout; a retry re-registers the remote first. */
export async function loadRemoteApp(name: RemoteName, opts: { retry?: boolean } = {}): Promise<RemoteLifecycles> {
  const cfg = remotesConfig();
  const entry = cfg.remotes[name];
  if (!entry) throw new RemoteLoadError(name, 'unavailable', new Error('not in remotes.json'));
  if (opts.retry) {
    // drop the cached failed entry so the manifest is fetched again
    registerRemotes([{ name, entry: resolveUrl(entry) }], { force: true });
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RemoteLoadError(name, 'timeout')), cfg.timeoutMs);
  });
  try {
    const mod = await Promise.race([loadRemote<RemoteLifecycles>(`${name}/app`), timeout]);
    if (!mod || typeof mod.mount !== 'function') throw new RemoteLoadError(name, 'unavailable', new Error('no lifecycles'));
    return mod;
  } catch (err) {
    if (err instanceof RemoteLoadError) throw err;
    throw new RemoteLoadError(name, 'unavailable', err);
  } finally {
    clearTimeout(timer);
  }
}
