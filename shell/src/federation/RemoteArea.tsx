import { Component, useCallback, useEffect, useState, type ReactNode } from 'react';
import Parcel from 'single-spa-react/parcel';
import { addErrorHandler, mountRootParcel } from 'single-spa';
import { AreaFallback, Spinner, i18n, type HostProps } from '@khela/web';
import { loadRemoteApp, RemoteLoadError, type RemoteLifecycles, type RemoteName } from './remotes';

// without a handler single-spa rethrows parcel errors globally; the area's own fallback already shows them
addErrorHandler((err) => console.error(`[shell] ${err.appOrParcelName} failed`, err));

class MountBoundary extends Component<{ onError: (e: Error) => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error) {
    this.props.onError(error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

type State = { status: 'loading' } | { status: 'ready'; app: RemoteLifecycles } | { status: 'failed'; reason: string };

/**
 * One remote mounted as a single-spa parcel. Loading failures, timeouts and mount errors
 * stay inside this area: it shows a fallback with Retry, the rest of the site keeps working.
 */
export function RemoteArea({ remote, host }: { remote: RemoteName; host: HostProps }) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    loadRemoteApp(remote, { retry: attempt > 0 }).then(
      (app) => live && setState({ status: 'ready', app }),
      (err: unknown) => {
        console.warn(`[shell] ${remote} unavailable`, err);
        if (live) setState({ status: 'failed', reason: err instanceof RemoteLoadError ? err.reason : 'unavailable' });
      },
    );
    return () => {
      live = false;
    };
  }, [remote, attempt]);

  const fail = useCallback(
    (err: unknown) => {
      console.error(`[shell] ${remote} failed to mount`, err);
      setState({ status: 'failed', reason: 'mount' });
    },
    [remote],
  );

  if (state.status === 'loading') return <Spinner />;
  if (state.status === 'failed') {
    return (
      <AreaFallback
        testId={`remote-fallback-${remote}`}
        message={i18n.t('common:remoteUnavailable')}
        onRetry={() => setAttempt((n) => n + 1)}
      />
    );
  }
  const app = state.app;
  return (
    <MountBoundary onError={fail}>
      <div data-remote={remote}>
        <Parcel
          config={app as never}
          mountParcel={mountRootParcel}
          handleError={fail}
          wrapWith="div"
          {...(host as unknown as Record<string, unknown>)}
        />
      </div>
    </MountBoundary>
  );
}
