import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { takeEarlyManifest } from '../early/store';

/**
 * Retries what a flaky phone link loses, on the federation runtime's own hooks, before the area gives up and
 * shows its fallback (RemoteArea): the manifest (`fetch`), the remote entry script (`loadEntryError`) and
 * the remote's chunks (`errorLoadRemote` after a ChunkLoadError). Written here rather than taken from
 * @module-federation/retry-plugin, whose releases lag the runtime by a major version.
 *
 * Attempts are few and short: RemoteArea's timeout (remotes.json `timeoutMs`) still bounds the whole load, and a
 * remote that is really down should show its fallback within a couple of seconds.
 */
export interface RetryOptions {
  /** Further attempts after the first failure. */
  retries?: number;
  /** Delay before attempt n (1-based): `delayMs * n`. */
  delayMs?: number;
  /** Injected by tests. */
  sleep?: (ms: number) => Promise<void>;
  fetch?: typeof fetch;
}

type LoadEntryErrorHook = NonNullable<ModuleFederationRuntimePlugin['loadEntryError']>;
type LoadEntryErrorArgs = Parameters<LoadEntryErrorHook>[0];

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The manifest the early script (src/early) already asked for (on a page this remote owns), as a Response, once
 * (rejected when the early request failed); any later fetch of the same manifest (a retry, a re-registered remote)
 * goes to the network. The early script preloaded the entry and app chunks the manifest names, so the runtime finds them cached.
 */
export function takeEarlyManifestResponse(url: string): Promise<Response> | undefined {
  return takeEarlyManifest(url)?.then((body) => new Response(body, { status: 200, headers: { 'content-type': 'application/json' } }));
}

/** A failed chunk of a remote (the bundler runtime's ChunkLoadError), as opposed to a dead remote. */
function isChunkLoadError(error: unknown): boolean {
  const e = error as { name?: string; message?: string } | null;
  return e?.name === 'ChunkLoadError' || /Loading (CSS )?chunk .* failed/i.test(e?.message ?? '');
}

/** A status worth asking again: the server or a proxy failed, or asked us to slow down. */
const transient = (status: number) => status >= 500 || status === 408 || status === 429;

export function retryPlugin(opts: RetryOptions = {}): ModuleFederationRuntimePlugin {
  const retries = opts.retries ?? 2;
  const delayMs = opts.delayMs ?? 300;
  const sleep = opts.sleep ?? wait;
  // remote ids whose chunk retry is under way: the nested loadRemote must fail plainly, not retry again
  const retryingChunks = new Set<string>();

  return {
    name: 'khela-retry',

    async fetch(url, init) {
      // a failed early request is asked again below, with the retries
      const early = await takeEarlyManifestResponse(url)?.catch(() => undefined);
      if (early) return early;
      const doFetch = opts.fetch ?? fetch;
      for (let attempt = 0; ; attempt++) {
        try {
          const res = await doFetch(url, init);
          if (!transient(res.status) || attempt >= retries) return res;
        } catch (error) {
          if (attempt >= retries) throw error;
        }
        console.warn(`[federation] retrying ${url} (attempt ${attempt + 2})`);
        await sleep(delayMs * (attempt + 1));
      }
    },

    // (the runtime's type wants a promise of a promise; an async function's result is flattened, hence the cast)
    loadEntryError: (async ({ getRemoteEntry, origin, remoteInfo, remoteEntryExports, globalLoading, uniqueKey }: LoadEntryErrorArgs) => {
      // the runtime calls this once per failed entry; getRemoteEntry given here does not call it again
      let lastError: unknown;
      for (let attempt = 1; attempt <= retries; attempt++) {
        await sleep(delayMs * attempt);
        console.warn(`[federation] retrying the entry of ${remoteInfo.name} (attempt ${attempt + 1})`);
        // forget the failed load, or the runtime hands back the same rejected promise
        delete globalLoading[uniqueKey];
        try {
          const entry = await getRemoteEntry({ origin, remoteInfo, remoteEntryExports });
          if (entry) return entry;
        } catch (error) {
          lastError = error;
        }
      }
      if (lastError) console.warn(`[federation] the entry of ${remoteInfo.name} failed ${retries + 1} times`, lastError);
      return undefined;
    }) as unknown as LoadEntryErrorHook,

    async errorLoadRemote(args) {
      // manifest and entry failures were retried above; only a remote's chunk is asked again here
      if (args.lifecycle !== 'onLoad' || !isChunkLoadError(args.error) || retryingChunks.has(args.id)) return undefined;
      retryingChunks.add(args.id);
      try {
        for (let attempt = 1; attempt <= retries; attempt++) {
          await sleep(delayMs * attempt);
          console.warn(`[federation] retrying ${args.id} after a failed chunk (attempt ${attempt + 1})`);
          try {
            // the bundler forgets a failed chunk, so loading the module again requests it again
            const mod = await args.origin.loadRemote(args.id, { from: args.from });
            if (mod) return mod;
          } catch {
            /* next attempt */
          }
        }
        return undefined;
      } finally {
        retryingChunks.delete(args.id);
      }
    },
  };
}

/** The build's runtimePlugins entry (shell/rspack.config.mjs) calls the default export. */
export default function (): ModuleFederationRuntimePlugin {
  return retryPlugin();
}
