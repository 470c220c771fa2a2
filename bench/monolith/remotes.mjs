/* global location */
// The monolith's stand-in for shell/src/federation/remotes.ts: the same exports, but each remote's exposed module
// (`./app`, its single-spa lifecycles) is a dynamic import of its source, so the bundler splits it into chunks of
// this one application, with one copy of every library. The Module Federation runtime is not in the page at all.
// Keep the exports in step with shell/src/federation/remotes.ts (the build fails on a missing import name).

export const REMOTE_NAMES = ['mf_casino', 'mf_exchange', 'mf_wallet', 'mf_account', 'mf_chat'];

// each remote's `exposes['./app']` (mf-*/rspack.config.mjs)
const EXPOSED_APPS = {
  mf_casino: () => import('../../mf-casino/src/lifecycles.tsx'),
  mf_exchange: () => import('../../mf-exchange/src/lifecycles.tsx'),
  mf_wallet: () => import('../../mf-wallet/src/lifecycles.tsx'),
  mf_account: () => import('../../mf-account/src/lifecycles.tsx'),
  mf_chat: () => import('../../mf-chat/src/lifecycles.tsx'),
};

export function resolveUrl(template, hostname = location.hostname) {
  return template.replaceAll('{hostname}', hostname);
}

let config = null;

/** remotes.json still gives the API's address (index.html's early request is taken over, as in the shell). */
export async function loadRemotesConfig(url = '/remotes.json') {
  const store = globalThis.__KHELA_EARLY__;
  const early = url === '/remotes.json' ? store?.remotes : undefined;
  if (store) delete store.remotes;
  const fetchIt = () => fetch(url, { cache: 'no-cache' }).then((res) => res.json());
  const raw = await (early ? early.catch(fetchIt) : fetchIt());
  if (!raw || typeof raw !== 'object' || typeof raw.remotes !== 'object') throw new Error('bad remotes.json');
  config = { timeoutMs: 10_000, ...raw };
  return config;
}

export function remotesConfig() {
  if (!config) throw new Error('remotes config not loaded');
  return config;
}

export class RemoteLoadError extends Error {
  constructor(remote, reason, cause) {
    super(`${remote}: ${reason}`, { cause });
    this.remote = remote;
    this.reason = reason;
    this.name = 'RemoteLoadError';
  }
}

export async function loadRemoteApp(name) {
  const load = EXPOSED_APPS[name];
  if (!load) throw new RemoteLoadError(name, 'unavailable', new Error('not a remote'));
  try {
    const mod = await load();
    if (!mod || typeof mod.mount !== 'function') throw new RemoteLoadError(name, 'unavailable', new Error('no lifecycles'));
    return mod;
  } catch (err) {
    if (err instanceof RemoteLoadError) throw err;
    throw new RemoteLoadError(name, 'unavailable', err);
  }
}
