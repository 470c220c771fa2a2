import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { StaffRole, StaffAccount, StaffPushPayload, StaffPushTopic } from '@khela/contracts';
import type { StaffSession } from './session';

const StaffContext = createContext<StaffSession | null>(null);

export function StaffProvider(props: { session: StaffSession; children: ReactNode }) {
  return <StaffContext.Provider value={props.session}>{props.children}</StaffContext.Provider>;
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
