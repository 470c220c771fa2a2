/*
 * The remotes' Node containers in the render server (issue 31, README "Server rendering"): each server-renderable
 * remote's build publishes a Node container (shared/build/federation.mjs, `ssr` option) in `server/` beside its browser
 * manifest; it is loaded here at run time through the federation runtime, once per process, with this process's
 * libraries as the shared singletons (the container bundles none of them: one React, one @khela/web per process).
 * Node cannot unload a container: a remote's redeploy needs a new render process (stage 2).
 */
import type { ComponentType } from 'react';
import * as React from 'react';
import * as ReactJsx from 'react/jsx-runtime';
import * as ReactDom from 'react-dom';
import * as ReactRouter from 'react-router';
import * as Emotion from '@emotion/react';
import * as EmotionJsx from '@emotion/react/jsx-runtime';
import * as EmotionStyled from '@emotion/styled';
import * as I18next from 'i18next';
import * as ReactI18next from 'react-i18next';
import * as ReactQuery from '@tanstack/react-query';
import * as Zod from 'zod';
import * as Ofetch from 'ofetch';
import * as Rxjs from 'rxjs';
import * as Contracts from '@khela/contracts';
import * as Web from '@khela/web';
import { createInstance } from '@module-federation/enhanced/runtime';
import type { ApiClient, HostProps } from '@khela/web';
import type { RemoteName } from '../src/federation/remotes';

/** What a remote's `./ssr` exposes (mf-casino/src/ssr.ts, mf-exchange/src/ssr.ts). */
export interface ServerRemote {
  App: ComponentType;
  /** The first screen's data of `url` into the page's cache; rejects when a read fails. */
  prefetch?: (queryClient: HostProps['queryClient'], url: string, api: ApiClient) => Promise<void>;
}

/** The remotes with a Node container (federation names), and the name each gives its RemoteRoot (defineRemote). */
export const SERVER_REMOTES: Partial<Record<RemoteName, string>> = { mf_casino: 'casino', mf_exchange: 'exchange' };

/** The libraries this process shares with the containers (shared/build/federation.mjs SERVER_SHARED, same names). */
export const LIBS: Record<string, unknown> = {
  react: React,
  'react/jsx-runtime': ReactJsx,
  'react-dom': ReactDom,
  'react-router': ReactRouter,
  '@emotion/react': Emotion,
  '@emotion/react/jsx-runtime': EmotionJsx,
  '@emotion/styled': EmotionStyled,
  i18next: I18next,
  'react-i18next': ReactI18next,
  '@tanstack/react-query': ReactQuery,
  zod: Zod,
  ofetch: Ofetch,
  rxjs: Rxjs,
  '@khela/contracts': Contracts,
  '@khela/web': Web,
};

let federation: ReturnType<typeof createInstance> | null = null;
function instance() {
  federation ??= createInstance({
    name: 'shell_server',
    remotes: [],
    shareStrategy: 'loaded-first',
    shared: Object.fromEntries(
      Object.entries(LIBS).map(([name, lib]) => [
        name,
        { version: '0.0.0', lib: () => lib, shareConfig: { singleton: true, requiredVersion: false } },
      ]),
    ),
  });
  return federation;
}

/** How long after a failed load the container is loaded again, in the background (ms). */
const RETRY_AFTER_MS = Number(process.env.SSR_REMOTE_RETRY_MS ?? 30_000);

/**
 * One load per key, kept for the process. A failed load is loaded again `retryMs` later in the background (and again
 * while it fails), not by a request: the page that asked would wait for the load (~0.6 s), miss its budget and leave
 * its area to the browser anyway. Until a retry has succeeded, requests get the failure at once (their area is the
 * browser's); then they get the loaded value. `recovered` is told when a retry succeeds.
 */
export function keptLoads<K, V>(load: (key: K) => Promise<V>, retryMs: number, recovered?: (key: K) => void): (key: K) => Promise<V> {
  const kept = new Map<K, Promise<V>>();
  const attempt = (key: K, retry: boolean): Promise<V> => {
    const promise = load(key);
    if (!retry) kept.set(key, promise);
    promise.then(
      () => {
        if (!retry) return;
        kept.set(key, promise);
        recovered?.(key);
      },
      () => setTimeout(() => void attempt(key, true), retryMs).unref(),
    );
    return promise;
  };
  return (key) => kept.get(key) ?? attempt(key, false);
}

/**
 * The server manifest of a remote: `server/mf-manifest.json` beside its browser manifest (remotes.json's URL). The
 * place is a setting (SSR_REMOTE_MANIFEST, relative to the browser manifest) so a test can point it at nothing.
 */
export function serverManifestUrl(
  browserManifest: string,
  relative = process.env.SSR_REMOTE_MANIFEST ?? 'server/mf-manifest.json',
): string {
  return new URL(relative, browserManifest).href;
}

/** The manifest each remote's container is loaded from: the first one registered stays for the process. */
const manifests = new Map<RemoteName, string>();
const loadKept = keptLoads<RemoteName, ServerRemote>(
  async (remote) => {
    const mf = instance();
    mf.registerRemotes([{ name: remote, entry: serverManifestUrl(manifests.get(remote)!) }], { force: true });
    const mod = await mf.loadRemote<ServerRemote>(`${remote}/ssr`);
    if (!mod || typeof mod.App !== 'function') throw new Error(`${remote}/ssr has no App`);
    return mod;
  },
  RETRY_AFTER_MS,
  (remote) => console.log(`[render] ${remote}'s Node container loaded on a retry: its pages are rendered here again`),
);

/**
 * The remote's `./ssr` module, loaded once per process (a failure is loaded again in the background every
 * SSR_REMOTE_RETRY_MS until it loads: `keptLoads`). The first manifest URL registered for a remote stays for the process.
 */
export function loadServerRemote(remote: RemoteName, browserManifest: string): Promise<ServerRemote> {
  if (!SERVER_REMOTES[remote]) return Promise.reject(new Error(`${remote} has no Node container`));
  if (!manifests.has(remote)) manifests.set(remote, browserManifest);
  return loadKept(remote);
}
