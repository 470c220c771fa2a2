import React, { Component, startTransition, useContext, useMemo, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { CacheProvider } from '@emotion/react';
import type { EmotionCache } from '@emotion/cache';
import { I18nContext, I18nextProvider } from 'react-i18next';
import { styleCache } from '../csp';
import { i18n } from '../i18n';
import { AreaFallback } from '../ui/kit';
import type { HostProps } from './host';
import { HostProvider } from './context';
import { HostRouter } from './router';

class RenderBoundary extends Component<{ name: string; children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`[${this.props.name}] render error`, error, info.componentStack);
  }
  override render() {
    if (this.state.error) {
      return (
        <AreaFallback
          testId="remote-render-error"
          message={i18n.t('common:remoteCrashed')}
          onRetry={() => this.setState({ error: null })}
        />
      );
    }
    return this.props.children;
  }
}

/** Records every React copy that renders, so a test can prove the singleton holds (one copy per page). */
export function recordReactCopy(): void {
  const g = globalThis as { __KHELA_REACT_COPIES__?: Set<unknown>; __KHELA_REACT_DOM_COPIES__?: Set<unknown> };
  (g.__KHELA_REACT_COPIES__ ??= new Set()).add(React);
  (g.__KHELA_REACT_DOM_COPIES__ ??= new Set()).add(ReactDOMClient);
}

/**
 * The host's props as one object for as long as none of them changes. The shell hands a parcel a new object on every
 * render of its App (the player's chrome after hydration, a resize); a new context value re-rendered every `useHost`
 * reader of the remote, and made React hydrate a Suspense boundary of the remote still holding the server's markup at
 * once, in one piece (issue 31: the exchange's odds view). single-spa's own props (name, domElement, ...) do not count.
 */
function useSteadyHost(host: HostProps): HostProps {
  const { basePath, location, navigate, isMobile, api, bus, session, queryClient } = host;
  return useMemo(
    () => ({ basePath, location, navigate, isMobile, api, bus, session, queryClient }),
    [basePath, location, navigate, isMobile, api, bus, session, queryClient],
  );
}

/** The emotion key of a remote's styles (its own, so two apps' class names never collide). */
export const remoteStyleKey = (name: string) => name.replace(/[^a-z]/g, '') || 'remote';

/**
 * A remote's tree: its own emotion cache, the page's i18n, HostProps for useHost(), the shell-driven router. `cache`:
 * the shell's render server hands in the request's cache (key remoteStyleKey(name)) to read the critical CSS from.
 */
export function RemoteRoot({
  App,
  name,
  host: given$,
  cache: given,
}: {
  App: ComponentType;
  name: string;
  host: HostProps;
  cache?: EmotionCache;
}) {
  recordReactCopy();
  const host = useSteadyHost(given$);
  const cache = useMemo(() => given ?? styleCache(remoteStyleKey(name)), [given, name]);
  // the page's i18n, or the server render's instance of the request's language when it provides one
  const words = useContext(I18nContext)?.i18n ?? i18n;
  return (
    <CacheProvider value={cache}>
      <I18nextProvider i18n={words}>
        <HostProvider host={host}>
          <HostRouter host={host}>
            <RenderBoundary name={name}>
              <App />
            </RenderBoundary>
          </HostRouter>
        </HostProvider>
      </I18nextProvider>
    </CacheProvider>
  );
}

/**
 * Whether a parcel's element holds its area's markup from the shell's render server (issue 31): the shell marks the
 * element it hands in with `data-ssr-root` when the server rendered the area into it, and hands it in once.
 */
const holdsServerMarkup = (el: unknown) =>
  typeof HTMLElement !== 'undefined' && el instanceof HTMLElement && el.hasAttribute('data-ssr-root') && el.hasChildNodes();

/** React DOM for the parcels: a hydrating root reports what it recovered from where the shell's root does. */
const parcelDom = {
  ...ReactDOMClient,
  hydrateRoot: (el: Element, node: ReactNode) => {
    let root: ReactDOMClient.Root | undefined;
    // as a transition, as the shell's root: hydrated in slices, not in one long task (shell/src/bootstrap.tsx)
    startTransition(() => {
      root = ReactDOMClient.hydrateRoot(el, node, {
        onRecoverableError(err) {
          ((globalThis as { __KHELA_HYDRATION_ERRORS__?: unknown[] }).__KHELA_HYDRATION_ERRORS__ ??= []).push(err);
          console.error('[remote] hydration mismatch', err);
        },
      });
    });
    return root!;
  },
};

/**
 * single-spa lifecycles (bootstrap/mount/unmount/update) for a remote's app. The shell mounts
 * them as a Parcel and passes HostProps; props updates (a new location) re-render in place. A mount into an element
 * holding the server's markup of the area hydrates it (`hydrateRoot`) instead of rendering a fresh root.
 */
export function defineRemote(App: ComponentType, options: { name: string }) {
  let hydrate = false;
  const lifecycles = singleSpaReact({
    React,
    ReactDOMClient: parcelDom,
    // read by mount, synchronously, right after the mount below sets it
    renderType: () => (hydrate ? 'hydrateRoot' : 'createRoot'),
    rootComponent: (props: HostProps & Record<string, unknown>) => <RemoteRoot App={App} name={options.name} host={props} />,
    errorBoundary: (err: Error) => (
      <AreaFallback testId="remote-render-error" message={`${i18n.t('common:remoteCrashed')} (${err.message})`} />
    ),
  });
  return {
    ...lifecycles,
    mount(props: { domElement?: unknown }) {
      hydrate = holdsServerMarkup(props.domElement);
      try {
        return lifecycles.mount(props as never);
      } finally {
        hydrate = false;
      }
    },
  };
}
