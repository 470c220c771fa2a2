import { useEffect, useRef, useState } from 'react';
import { mountRootParcel, type Parcel } from 'single-spa';
import type { HostProps } from '@khela/web';
import { loadRemoteApp, type RemoteName } from './remotes';
import { RemoteArea } from './RemoteArea';
import { hydratedHere } from '../early/store';

/**
 * A remote's area whose markup came from the server (issue 31, README "Server rendering"): the same element on both
 * sides, `data-ssr-root` holding the server's markup (`html`; React leaves the inside of an element with
 * dangerouslySetInnerHTML alone when it hydrates), then the remote's parcel mounted into it, which hydrates that markup
 * instead of rendering a fresh root (defineRemote). Once only: the shell shows the usual RemoteArea after a
 * navigation elsewhere. A failed load or mount falls back to RemoteArea (its loading, fallback and Retry as today).
 */
export function ServerArea({ remote, html, host }: { remote: RemoteName; html: string; host: HostProps }) {
  const el = useRef<HTMLDivElement>(null);
  const parcel = useRef<Parcel | null>(null);
  const latest = useRef(host);
  const [failed, setFailed] = useState(false);
  // the parcel has taken the markup over (a marker for checks: the server's markup answers from then on)
  const [mounted, setMounted] = useState(false);

  useEffect(() => {
    latest.current = host;
    const p = parcel.current;
    if (p?.update) void p.mountPromise.then(() => p.getStatus() === 'MOUNTED' && p.update!({ ...host, domElement: el.current! }));
  }, [host]);

  useEffect(() => {
    let live = true;
    const fail = (err: unknown) => {
      console.warn(`[shell] ${remote} could not take over its server markup`, err);
      if (live) setFailed(true);
    };
    loadRemoteApp(remote).then((app) => {
      if (!live || !el.current) return;
      const domElement = el.current;
      parcel.current = mountRootParcel(app as never, { domElement, ...latest.current });
      parcel.current.mountPromise.then(() => {
        // a tap the early script held on the server's markup of the area is replayed now that the parcel answers it
        hydratedHere(domElement);
        if (live) setMounted(true);
      }, fail);
    }, fail);
    return () => {
      live = false;
      const p = parcel.current;
      parcel.current = null;
      if (p) void p.mountPromise.then(() => p.getStatus() === 'MOUNTED' && p.unmount()).catch(() => undefined);
    };
  }, [remote]);

  if (failed) return <RemoteArea remote={remote} host={host} />;
  return (
    <div data-remote={remote} data-ssr="server" data-mounted={mounted || undefined}>
      <div data-ssr-root="" ref={el} dangerouslySetInnerHTML={{ __html: html }} suppressHydrationWarning />
    </div>
  );
}
