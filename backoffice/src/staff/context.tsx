import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { StaffRole, StaffAccount, StaffPushPayload, StaffPushTopic } from '@khela/contracts';
import type { StaffSession } from './session';
import { connectStaffQueries } from '../ui/query-client';

const StaffContext = createContext<StaffSession | null>(null);

/**
 * The operator's session and the console's server state (the QueryClient of ui/query.ts) for the tree below: the staff
 * stream's events make the queries that name their topic stale, and a log-out forgets every query (the next operator
 * on this tab reads afresh).
 */
export function StaffProvider(props: { session: StaffSession; queryClient: QueryClient; children: ReactNode }) {
  const { session, queryClient } = props;
  useEffect(() => {
    const stop = connectStaffQueries(queryClient, session.events$);
    const sub = session.account$.subscribe((op) => !op && queryClient.clear());
    return () => {
      stop();
      sub.unsubscribe();
    };
  }, [session, queryClient]);
  return (
    <StaffContext.Provider value={session}>
      <QueryClientProvider client={queryClient}>{props.children}</QueryClientProvider>
    </StaffContext.Provider>
  );
}

export function useStaff(): StaffSession {
  const s = useContext(StaffContext);
  if (!s) throw new Error('useStaff outside StaffProvider');
  return s;
}

/** The logged-in operator (null when logged out); re-renders on log-in, log-out and refresh. */
export function useStaffAccount(): StaffAccount | null {
  const s = useStaff();
  const [op, setOp] = useState(s.account$.value);
  useEffect(() => {
    const sub = s.account$.subscribe(setOp);
    return () => sub.unsubscribe();
  }, [s]);
  return op;
}

/** What the console shows to a role; the API enforces the same list on every call (admins may do everything). */
export function allows(op: Pick<StaffAccount, 'role'> | null, roles: readonly StaffRole[] | undefined): boolean {
  return !!op && (op.role === 'admin' || !roles || roles.includes(op.role));
}

/** Calls `handler` for each event of `topic` on the staff stream while the component is mounted. */
export function useStaffEvent<T extends StaffPushTopic>(topic: T, handler: (payload: StaffPushPayload<T>) => void): void {
  const s = useStaff();
  useEffect(() => {
    const sub = s.events$.subscribe((e) => e.topic === topic && handler(e.payload as StaffPushPayload<T>));
    return () => sub.unsubscribe();
  }, [s, topic, handler]);
}
