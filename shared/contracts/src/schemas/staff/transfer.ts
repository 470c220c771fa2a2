// Back office, transfer wallets (issue 30): a player's provider wallets and transfers, the pending list, re-query and
// resolve (payments; only after the provider answered; audited).
import { z } from 'zod';
import { endpoint, money } from '../../endpoint';

const READ = ['support', 'payments', 'risk'] as const;
const PAYMENTS = ['payments'] as const;

export const staffProviderTransfer = z.object({
  id: z.string(),
  player_id: z.number().int(),
  username: z.string().optional(),
  provider: z.string(),
  name: z.string(),
  direction: z.enum(['in', 'out']),
  amount: money,
  currency: z.string(),
  state: z.enum(['pending', 'confirmed', 'reversed']),
  reason: z.string(),
  /** The provider's last answer to a status query (null: none yet). */
  provider_state: z.enum(['applied', 'refused', 'unknown']).nullable(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
  resolved_by: z.string().nullable(),
});
export type StaffProviderTransfer = z.infer<typeof staffProviderTransfer>;

export const staffPlayerProviderWallets = endpoint({
  method: 'GET',
  path: '/api/operator/players/{id}/provider-wallets',
  auth: 'staff',
  roles: READ,
  params: z.object({ id: z.coerce.number().int().positive() }),
  response: z.object({
    wallets: z.array(
      z.object({
        provider: z.string(),
        name: z.string(),
        /** What the ledger holds for the player at the provider. */
        ledger_balance: money,
        /** What the provider last reported, and when. */
        reported: money.nullable(),
        reported_at: z.string().nullable(),
      }),
    ),
    transfers: z.array(staffProviderTransfer),
  }),
});

export const staffPendingProviderTransfers = endpoint({
  method: 'GET',
  path: '/api/operator/provider-transfers/pending',
  auth: 'staff',
  roles: READ,
  query: z.object({
    older_than: z.coerce
      .number()
      .int()
      .min(0)
      .max(86_400 * 30)
      .optional()
      .default(300),
  }),
  response: z.object({ data: z.array(staffProviderTransfer) }),
});

export const staffQueryProviderTransfer = endpoint({
  method: 'POST',
  path: '/api/operator/provider-transfers/{id}/query',
  auth: 'staff',
  roles: PAYMENTS,
  params: z.object({ id: z.string().max(64) }),
  body: z.object({}).optional(),
  response: z.object({ transfer: staffProviderTransfer }),
});

export const staffResolveProviderTransfer = endpoint({
  method: 'POST',
  path: '/api/operator/provider-transfers/{id}/resolve',
  auth: 'staff',
  roles: PAYMENTS,
  params: z.object({ id: z.string().max(64) }),
  body: z.object({ reason: z.string().trim().min(3).max(500) }),
  response: z.object({ transfer: staffProviderTransfer }),
});
