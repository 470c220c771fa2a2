// Test helper of the staff-account screens: a StaffSession whose API answers from a table of handlers by path.
import type { ReactNode } from 'react';
import { BehaviorSubject, Subject } from 'rxjs';
import { vi } from 'vitest';
import type { StaffAccount } from '@khela/contracts';
import type { ApiClient } from '@khela/web';
import { StaffProvider } from '../../staff/context';
import { createStaffQueryClient } from '../../ui/query-client';
import type { StaffEvent, StaffSession } from '../../staff/session';

export type Handler = (opts: { query?: unknown; body?: unknown; params?: Record<string, unknown> }) => unknown;

export function fakeSession(operator: Partial<StaffAccount>, handlers: Record<string, Handler>) {
  const op: StaffAccount = {
    id: 1,
    username: 'admin',
    name: 'Admin',
    role: 'admin',
    totp_enabled: false,
    totp_enrolment_required: false,
    password_change_required: false,
    ...operator,
  };
  const calls: { method: string; path: string; opts: Parameters<Handler>[0] }[] = [];
  const call = vi.fn(async (endpoint: { method: string; path: string }, opts: Parameters<Handler>[0] = {}) => {
    calls.push({ method: endpoint.method, path: endpoint.path, opts });
    const h = handlers[`${endpoint.method} ${endpoint.path}`];
    if (!h) throw new Error(`no fake for ${endpoint.method} ${endpoint.path}`);
    return h(opts);
  });
  const session: StaffSession = {
    api: { call } as unknown as ApiClient,
    account$: new BehaviorSubject<StaffAccount | null>(op),
    events$: new Subject<StaffEvent>(),
    token: () => 'tok',
    restore: async () => undefined,
    login: async () => op,
    refresh: vi.fn(async () => undefined),
    logout: vi.fn(async () => undefined),
  };
  // the console's client, without retries: a test's failed read shows its failure at once
  const queryClient = createStaffQueryClient({ retry: false });
  const wrap = (children: ReactNode) => (
    <StaffProvider session={session} queryClient={queryClient}>
      {children}
    </StaffProvider>
  );
  return { session, calls, call, wrap, queryClient };
}
