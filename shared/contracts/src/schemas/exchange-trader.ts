// The trader's tools of the exchange (issue 33): a runner's full price ladder, and the player's betting settings kept
// on the server (stake presets, keep in-play, one-click betting).
import { z } from 'zod';
import { endpoint, money, lazy } from '../endpoint';
import { EXCHANGE_STAKE_LIMITS, EXCHANGE_STAKE_PRESETS } from '../rules/exchange';

/** How many stake presets the slip shows (the spec's six). */
export const EXCHANGE_PRESET_COUNT = EXCHANGE_STAKE_PRESETS.length;

/** Refusals of the settings (shown as they are; the slip has them in Bangla too). */
export const EXCHANGE_SETTINGS_MESSAGES = {
  presetCount: `Give ${EXCHANGE_STAKE_PRESETS.length} stake presets.`,
  presetAmount: 'A stake preset is a whole amount.',
  presetRange: 'A stake preset must be within the stake limits of your currency.',
  oneClickStake: 'Choose the stake of one-click betting first.',
  oneClickConfirm: 'Confirm one-click betting the first time you turn it on.',
} as const;

/**
 * Presets and the one-click stake are whole amounts in the player's currency, within the currency's Match Odds stake
 * limits (the widest of the market kinds: a preset above a BookMaker or Fancy maximum is refused there, at the bet).
 */
export function stakeSettingInRange(amount: number, currency: string): boolean {
  const limits = EXCHANGE_STAKE_LIMITS[currency as keyof typeof EXCHANGE_STAKE_LIMITS]?.MATCH_ODDS ?? EXCHANGE_STAKE_LIMITS.BDT.MATCH_ODDS;
  return Number.isInteger(amount) && amount >= limits.min && amount <= limits.max;
}

const wholeStake = z.number({ error: EXCHANGE_SETTINGS_MESSAGES.presetAmount }).int(EXCHANGE_SETTINGS_MESSAGES.presetAmount).positive();

export const exchangeSettingsSchema = z.lazy(() =>
  z.object({
    /** The slip's six stake buttons, whole amounts in the player's currency (default EXCHANGE_STAKE_PRESETS). */
    stake_presets: z.array(z.number().int()),
    /** The slip's "Keep bet in-play" (PERSIST): what a new Match Odds bet's unmatched part does at the turn in-play. */
    keep_in_play: z.boolean(),
    /** One-click betting: a price click places at once with `one_click_stake`. */
    one_click: z.boolean(),
    one_click_stake: z.number().int().nullable(),
    /** The player confirmed what one-click betting does (asked once, the first time it is turned on). */
    one_click_confirmed: z.boolean(),
  }),
);
export type ExchangeSettings = z.infer<typeof exchangeSettingsSchema>;

export const DEFAULT_EXCHANGE_SETTINGS: ExchangeSettings = {
  stake_presets: [...EXCHANGE_STAKE_PRESETS],
  keep_in_play: false,
  one_click: false,
  one_click_stake: null,
  one_click_confirmed: false,
};

/** GET /api/exchange/settings: the player's betting settings (defaults until they change one). */
export const getExchangeSettings = endpoint({
  method: 'GET',
  path: '/api/exchange/settings',
  auth: 'bearer',
  tags: ['exchange'],
  response: exchangeSettingsSchema,
});

/**
 * PUT /api/exchange/settings: change some settings (the others stay). Turning one-click on needs a stake (given now or
 * kept) and, the first time, `confirm_one_click: true` (the player read what it does). Answers every setting.
 */
export const updateExchangeSettings = endpoint({
  method: 'PUT',
  path: '/api/exchange/settings',
  auth: 'bearer',
  tags: ['exchange'],
  body: lazy(() =>
    z.object({
      stake_presets: z.array(wholeStake).length(EXCHANGE_STAKE_PRESETS.length, EXCHANGE_SETTINGS_MESSAGES.presetCount).optional(),
      keep_in_play: z.boolean().optional(),
      one_click: z.boolean().optional(),
      one_click_stake: wholeStake.nullable().optional(),
      confirm_one_click: z.boolean().optional(),
    }),
  ),
  response: exchangeSettingsSchema,
});

const level = z.lazy(() => z.object({ price: z.number(), size: money }));

/**
 * GET /api/exchange/markets/{marketId}/ladder?selection_id=: one Match Odds runner's whole book in the player's
 * currency, every price with an offer (the feed's less what was taken, and players' resting orders), best first: what
 * a backer can take (`back`, highest price first) and what a layer can take (`lay`, lowest first). The desktop ladder.
 */
export const exchangeRunnerLadder = endpoint({
  method: 'GET',
  path: '/api/exchange/markets/{marketId}/ladder',
  auth: 'optional',
  tags: ['exchange'],
  params: lazy(() => z.object({ marketId: z.string().min(1).max(64) })),
  query: lazy(() => z.object({ selection_id: z.string().min(1).max(64) })),
  response: lazy(() =>
    z.object({
      market_id: z.string(),
      selection_id: z.string(),
      version: z.number(),
      back: z.array(level),
      lay: z.array(level),
    }),
  ),
});
