import { useMemo, type ReactNode } from 'react';
import { Router, type Navigator, type To } from 'react-router';
import type { HostProps } from './host';

function toPath(to: To): string {
  if (typeof to === 'string') return to;
  return `${to.pathname ?? ''}${to.search ?? ''}${to.hash ?? ''}`;
}

/** Mirrors the shell's location into the remote's own router; navigation goes back through the shell. */
export function HostRouter({ host, children }: { host: Pick<HostProps, 'location' | 'navigate' | 'basePath'>; children: ReactNode }) {
  const { navigate } = host;
  const navigator = useMemo<Navigator>(
    () => ({
      createHref: (to) => toPath(to),
      go: (delta) => window.history.go(delta),
      push: (to, state) => navigate(toPath(to), { state }),
      replace: (to, state) => navigate(toPath(to), { state, replace: true }),
    }),
    [navigate],
  );
  return (
    <Router location={host.location} navigator={navigator} basename={host.basePath || '/'}>
      {children}
    </Router>
  );
}
