import { createContext, useContext, type ReactNode } from 'react';
import type { HostProps } from './host';

const HostContext = createContext<HostProps | null>(null);

/** Provides HostProps to an app's tree: the remote lifecycles do it for remotes, the shell for its layout. */
export function HostProvider({ host, children }: { host: HostProps; children: ReactNode }) {
  return <HostContext.Provider value={host}>{children}</HostContext.Provider>;
}

/** The shell's facade inside an app: navigation, API client, bus handle and player session. */
export function useHost(): HostProps {
  const ctx = useContext(HostContext);
  if (!ctx) throw new Error('useHost() outside a remote root or the shell');
  return ctx;
}
