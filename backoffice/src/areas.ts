import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { StaffRole } from '@khela/contracts';

/**
 * The console's areas: one folder each under src/areas/, each owning its screens and sub-routes under /<path>/*.
 * `roles` only decides what the navigation shows; the API refuses the calls of other roles on its own (admins may
 * do everything).
 */
export interface Area {
  path: string;
  label: string;
  roles?: readonly StaffRole[];
  screen: LazyExoticComponent<ComponentType>;
}

export const AREAS: readonly Area[] = [
  { path: 'dashboard', label: 'Dashboard', screen: lazy(() => import('./areas/dashboard')) },
  { path: 'players', label: 'Players', roles: ['support', 'payments', 'risk'], screen: lazy(() => import('./areas/players')) },
  { path: 'payments', label: 'Payments', roles: ['payments'], screen: lazy(() => import('./areas/payments')) },
  { path: 'chat', label: 'Support chat', roles: ['support'], screen: lazy(() => import('./areas/chat')) },
  { path: 'content', label: 'Content', roles: ['content'], screen: lazy(() => import('./areas/content')) },
  { path: 'markets', label: 'Exchange', roles: ['risk'], screen: lazy(() => import('./areas/markets')) },
  { path: 'approvals', label: 'Approvals', roles: ['payments', 'risk'], screen: lazy(() => import('./areas/approvals')) },
  { path: 'risk', label: 'Risk', roles: ['risk'], screen: lazy(() => import('./areas/risk')) },
  { path: 'kyc', label: 'KYC', roles: ['risk'], screen: lazy(() => import('./areas/kyc')) },
  { path: 'reports', label: 'Reports', roles: ['payments', 'risk'], screen: lazy(() => import('./areas/reports')) },
  { path: 'audit', label: 'Audit log', roles: ['admin'], screen: lazy(() => import('./areas/audit')) },
  { path: 'staff-accounts', label: 'Staff accounts', roles: ['admin'], screen: lazy(() => import('./areas/staff-accounts')) },
  { path: 'account', label: 'My account', screen: lazy(() => import('./areas/account')) },
];
