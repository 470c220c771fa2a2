// A player's betting settings (issue 33): stake presets, keep in-play, one-click betting. SQL only; the routes are in
// routes.ts. Table `exchange_settings` (sql/0920): no row means the defaults.
import {
  DEFAULT_EXCHANGE_SETTINGS,
  EXCHANGE_SETTINGS_MESSAGES as S,
  stakeSettingInRange,
  type ExchangeSettings,
  type BodyOf,
  type updateExchangeSettings,
} from '@khela/contracts';
import type { Queryable } from '../db';
import { HttpError } from '../errors';

interface Row {
  stake_presets: unknown;
  keep_in_play: boolean;
  one_click: boolean;
  one_click_stake: string | null;
  one_click_confirmed_at: Date | string | null;
}

const presetsOf = (v: unknown): number[] => {
  const parsed = typeof v === 'string' ? (JSON.parse(v) as unknown) : v;
  return Array.isArray(parsed) ? parsed.map(Number) : [...DEFAULT_EXCHANGE_SETTINGS.stake_presets];
};

function view(r: Row | undefined): ExchangeSettings {
  if (!r) return { ...DEFAULT_EXCHANGE_SETTINGS, stake_presets: [...DEFAULT_EXCHANGE_SETTINGS.stake_presets] };
  return {
    stake_presets: presetsOf(r.stake_presets),
    keep_in_play: r.keep_in_play,
    one_click: r.one_click,
    one_click_stake: r.one_click_stake === null ? null : Number(r.one_click_stake),
    one_click_confirmed: r.one_click_confirmed_at !== null,
  };
}

const SELECT = `SELECT stake_presets, keep_in_play, one_click, one_click_stake, one_click_confirmed_at
  FROM exchange_settings WHERE player_id = $1`;

export async function readSettings(q: Queryable, playerId: number): Promise<ExchangeSettings> {
  const r = await q.query<Row>(SELECT, [playerId]);
  return view(r.rows[0]);
}

type Change = NonNullable<BodyOf<typeof updateExchangeSettings>>;

/**
 * Changes some of the player's settings (the others stay), in the caller's transaction. Presets and the one-click
 * stake are checked against the currency's stake limits; one-click is turned on only with a stake and once confirmed.
 */
export async function updateSettings(q: Queryable, playerId: number, currency: string, change: Change): Promise<ExchangeSettings> {
  const inRange = (n: number) => stakeSettingInRange(n, currency);
  if (change.stake_presets && !change.stake_presets.every(inRange)) throw new HttpError(422, S.presetRange);
  if (change.one_click_stake != null && !inRange(change.one_click_stake)) throw new HttpError(422, S.presetRange);
  // the row is created (defaults) and locked: two changes at once apply one after the other
  await q.query('INSERT INTO exchange_settings (player_id) VALUES ($1) ON CONFLICT (player_id) DO NOTHING', [playerId]);
  const cur = (await q.query<Row>(`${SELECT} FOR UPDATE`, [playerId])).rows[0]!;
  const stake =
    change.one_click_stake !== undefined ? change.one_click_stake : cur.one_click_stake === null ? null : Number(cur.one_click_stake);
  const confirmed = cur.one_click_confirmed_at !== null || change.confirm_one_click === true;
  const oneClick = change.one_click ?? (stake === null ? false : cur.one_click);
  if (oneClick && stake === null) throw new HttpError(422, S.oneClickStake);
  if (oneClick && !confirmed) throw new HttpError(422, S.oneClickConfirm);
  await q.query(
    `UPDATE exchange_settings SET
       stake_presets = COALESCE($2::jsonb, stake_presets),
       keep_in_play = COALESCE($3, keep_in_play),
       one_click = $4,
       one_click_stake = $5,
       one_click_confirmed_at = CASE WHEN one_click_confirmed_at IS NULL AND $6 THEN now() ELSE one_click_confirmed_at END,
       updated_at = now()
     WHERE player_id = $1`,
    [
      playerId,
      change.stake_presets ? JSON.stringify(change.stake_presets) : null,
      change.keep_in_play ?? null,
      oneClick,
      stake,
      change.confirm_one_click === true,
    ],
  );
  return readSettings(q, playerId);
}
