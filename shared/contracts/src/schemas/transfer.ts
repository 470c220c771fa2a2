// Transfer wallets (issue 30): providers that keep the player's money in their own wallet. The player's calls; the
// back office's are in staff/transfer.ts. Used by the API routes and the browser alike.
import { z } from 'zod';
import { endpoint, money, lazy } from '../endpoint';

/**
 * The transfer-wallet providers the site offers (codes are the catalogue's platforms): the sports menu's names and one
 * live-casino table. A game of one of these platforms launches through `providerLaunch`, not `gameRun`.
 */
export const TRANSFER_WALLET_PROVIDERS = [
  { code: 'SBO', name: 'SBO Sports' },
  { code: 'ISPORTS', name: 'I-Sports' },
  { code: 'E1SPORTS', name: 'E1Sports' },
  { code: 'HORSEBOOK', name: 'Horsebook' },
  { code: 'VIRTUAL', name: 'Virtual' },
  { code: 'KABADDI', name: 'Kabaddi' },
  { code: 'FANTASY', name: 'Fantasy' },
  { code: 'LUCKYSPORTS', name: 'Lucky Sports' },
  { code: 'TWLIVE', name: 'TW Live Casino' },
] as const;
export const isTransferWalletPlatform = (platform: string | null | undefined): boolean =>
  !!platform && TRANSFER_WALLET_PROVIDERS.some((p) => p.code === platform.toUpperCase());

const providerCode = z.string().trim().min(1).max(32).toUpperCase();

/** One provider wallet as the player sees it. */
export const providerWallet = z.lazy(() =>
  z.object({
    provider: z.string(),
    name: z.string(),
    /** What the provider reported (null: it did not answer, see `state`). */
    balance: money.nullable(),
    /** When the provider last answered (ISO); a balance shown is at most 30 s old. */
    checked_at: z.string().nullable(),
    /** ok: the provider answered; pending: a transfer is being checked (money in transit); unavailable: it did not answer. */
    state: z.enum(['ok', 'pending', 'unavailable']),
    /** The amount in transit while a transfer is being checked. */
    in_transit: money.optional(),
  }),
);
export type ProviderWallet = z.infer<typeof providerWallet>;

export const providerWalletsResponse = z.object({
  currency: z.string(),
  /** What the main wallet can move or spend now (after exposure and any debt). */
  available: money,
  wallets: z.array(providerWallet),
  /** Launching another provider's game first recalls the others (the player's setting). */
  auto_transfer: z.boolean(),
});

export const getProviderWallets = endpoint({
  method: 'GET',
  path: '/api/provider-wallets',
  tags: ['transfer-wallets'],
  auth: 'bearer',
  summary: "The player's provider wallets, each with the provider's balance (at most 30 s old)",
  /** fresh=1: ask every provider now (the player opened the wallets). */
  query: lazy(() => z.object({ fresh: z.enum(['0', '1']).optional() }).optional()),
  response: providerWalletsResponse,
});

/** What a recall of one provider came to. */
export const recallResult = z.lazy(() =>
  z.object({
    provider: z.string(),
    name: z.string(),
    /** recalled: the money is in main; nothing: the wallet was empty; pending: the provider's answer is being checked
     * (the money stays in transit until it is known); failed: the provider refused or did not answer, the money stays there. */
    status: z.enum(['recalled', 'nothing', 'pending', 'failed']),
    amount: money,
    message: z.string().optional(),
  }),
);
export type RecallResult = z.infer<typeof recallResult>;

export const recallResponse = z.lazy(() => providerWalletsResponse.extend({ results: z.array(recallResult) }));

export const recallProvider = endpoint({
  method: 'POST',
  path: '/api/provider-wallets/recall',
  tags: ['transfer-wallets'],
  auth: 'bearer',
  summary: "Recall: moves a provider wallet's whole balance back to main",
  body: lazy(() => z.object({ provider: providerCode })),
  response: recallResponse,
});

export const recallAllProviders = endpoint({
  method: 'POST',
  path: '/api/provider-wallets/recall-all',
  tags: ['transfer-wallets'],
  auth: 'bearer',
  summary: 'Recall All: every provider wallet back to main; one that fails keeps its money, the others are recalled',
  body: lazy(() => z.object({}).optional()),
  response: recallResponse,
});

export const setProviderWalletSettings = endpoint({
  method: 'PUT',
  path: '/api/provider-wallets/settings',
  tags: ['transfer-wallets'],
  auth: 'bearer',
  body: lazy(() => z.object({ auto_transfer: z.boolean() })),
  response: lazy(() => z.object({ auto_transfer: z.boolean() })),
});

/** Before launching a transfer-wallet game: what may be moved in. */
export const providerLaunchQuote = endpoint({
  method: 'GET',
  path: '/api/provider-wallets/launch-quote',
  tags: ['transfer-wallets'],
  auth: 'bearer',
  query: lazy(() => z.object({ gameCode: z.string().trim().min(1).max(64) })),
  response: lazy(() =>
    z.object({
      provider: z.string(),
      name: z.string(),
      game_name: z.string(),
      currency: z.string(),
      /** Main's available money. */
      available: money,
      /** The most that may go in: available, capped by what the loss and wager limits leave. */
      max: money,
      /** The limit that caps `max`, when one does. */
      capped_by: z.enum(['wager', 'loss']).nullable(),
      /** What already sits in this provider's wallet (ledger). */
      wallet: money,
      auto_transfer: z.boolean(),
    }),
  ),
});

export const providerLaunch = endpoint({
  method: 'POST',
  path: '/api/provider-wallets/launch',
  tags: ['transfer-wallets'],
  auth: 'bearer',
  summary: 'Launch a transfer-wallet game: recalls the other providers (auto transfer), moves `amount` in, answers the game URL',
  body: lazy(() =>
    z.object({
      gameCode: z.string().trim().min(1).max(64),
      /** Omitted: the quote's `max`. "0.00": nothing moves (play with what is there). */
      amount: money.max(20).optional(),
      lang: z.enum(['en', 'bn']).optional(),
    }),
  ),
  response: lazy(() =>
    z.object({
      url: z.string().nullable(),
      provider: z.string(),
      name: z.string(),
      transfer: z.object({ id: z.string(), state: z.enum(['confirmed', 'reversed', 'pending']), amount: money }).nullable(),
      recalled: z.array(recallResult),
      message: z.string().optional(),
    }),
  ),
});

/** A transfer as the player's transaction records show it (type Transfer). */
export const providerTransferRecord = z.lazy(() =>
  z.object({
    id: z.string(),
    type: z.literal('Transfer'),
    provider: z.string(),
    name: z.string(),
    /** in: main -> provider; out: provider -> main (a recall). */
    direction: z.enum(['in', 'out']),
    amount: money,
    state: z.enum(['pending', 'confirmed', 'reversed']),
    reason: z.string(),
    created_at: z.string(),
    resolved_at: z.string().nullable(),
  }),
);

export const providerTransfers = endpoint({
  method: 'GET',
  path: '/api/provider-wallets/transfers',
  tags: ['transfer-wallets'],
  auth: 'bearer',
  query: lazy(() => z.object({ date: z.enum(['today', 'yesterday', 'last7']).optional() })),
  response: lazy(() => z.object({ data: z.array(providerTransferRecord) })),
});

/** The provider's own bets (Betting Records). */
export const providerBet = z.lazy(() =>
  z.object({
    provider: z.string(),
    name: z.string(),
    bet_id: z.string(),
    game_name: z.string(),
    selection: z.string(),
    odds: z.string(),
    stake: money,
    win: money,
    state: z.enum(['open', 'won', 'lost']),
    created_at: z.string(),
    settled_at: z.string().nullable(),
  }),
);
export type ProviderBet = z.infer<typeof providerBet>;

export const providerBets = endpoint({
  method: 'GET',
  path: '/api/provider-wallets/bets',
  tags: ['transfer-wallets'],
  auth: 'bearer',
  query: lazy(() => z.object({ provider: providerCode.optional() })),
  response: lazy(() =>
    z.object({
      data: z.array(providerBet),
      /** Providers that did not answer (their bets are missing from `data`). */
      unavailable: z.array(z.string()),
    }),
  ),
});
