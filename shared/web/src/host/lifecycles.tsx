import React, { Component, useMemo, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { CacheProvider } from '@emotion/react';
import { I18nextProvider } from 'react-i18next';
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

/** A remote's tree: its own emotion cache, the page's i18n, HostProps for useHost(), the shell-driven router. */
export function RemoteRoot({ App, name, host }: { App: ComponentType; name: string; host: HostProps }) {
  recordReactCopy();
  const cache = useMemo(() => styleCache(name.replace(/[^a-z]/g, '') || 'remote'), [name]);
  return (
    <CacheProvider value={cache}>
      <I18nextProvider i18n={i18n}>
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
 * single-spa lifecycles (bootstrap/mount/unmount/update) for a remote's app. The shell mounts
 * them as a Parcel and passes HostProps; props updates (a new location) re-render in place.
 */
export function defineRemote(App: ComponentType, options: { name: string }) {
  return singleSpaReact({
    React,
    ReactDOMClient,
    rootComponent: (props: HostProps & Record<string, unknown>) => <RemoteRoot App={App} name={options.name} host={props} />,
    errorBoundary: (err: Error) => (
      <AreaFallback testId="remote-render-error" message={`${i18n.t('common:remoteCrashed')} (${err.message})`} />
    ),
  });
}
