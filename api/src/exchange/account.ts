// The exchange account's data: Multi Markets pins, Profit & Loss of settled markets, the Activity Log, and the
// In-Play Result tab's settled events. Read-mostly; SQL only.
import { DAY_MS, DHAKA_OFFSET_MS, fromMinor, type ExchangePin } from '@khela/contracts';
import type { Queryable } from '../db';
import { HttpError } from '../errors';

/* ---------------- pins ---------------- */

export const MAX_PINS = 30;

export async function listPins(q: Queryable, playerId: number): Promise<ExchangePin[]> {
  const r = await q.query<ExchangePin>(
    'SELECT event_id, market_id, name, sport FROM exchange_pins WHERE player_id = $1 ORDER BY created_at, market_id',
    [playerId],
  );
  return r.rows;
}

export async function addPin(q: Queryable, playerId: number, pin: ExchangePin): Promise<ExchangePin[]> {
  await q.query('SELECT 1 FROM players WHERE id = $1 FOR NO KEY UPDATE', [playerId]);
  const n = await q.query<{ n: string }>('SELECT count(*) AS n FROM exchange_pins WHERE player_id = $1 AND market_id <> $2', [
    playerId,
    pin.market_id,
  ]);
  if (Number(n.rows[0]!.n) >= MAX_PINS) throw new HttpError(422, `At most ${MAX_PINS} markets can be pinned.`);
  await q.query(
    `INSERT INTO exchange_pins (player_id, market_id, event_id, name, sport) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (player_id, market_id) DO NOTHING`,
    [playerId, pin.market_id, pin.event_id, pin.name, pin.sport],
  );
  return listPins(q, playerId);
}

export async function removePin(q: Queryable, playerId: number, marketId: string): Promise<ExchangePin[]> {
  await q.query('DELETE FROM exchange_pins WHERE player_id = $1 AND market_id = $2', [playerId, marketId]);
  return listPins(q, playerId);
}

/* ---------------- profit & loss ---------------- */

/** YYYY-MM-DD of an instant in Dhaka. */
const dhakaDay = (d: Date) => new Date(d.getTime() + DHAKA_OFFSET_MS).toISOString().slice(0, 10);
/** The instant a Dhaka day starts. */
const dayStart = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - DHAKA_OFFSET_MS);

/**
 * Settled markets of the player in Dhaka days [from, to] (default: the last 7 days), grouped by day, sport or market:
 * gross profit, commission and net, as the ledger moved them (re-settlements included).
 */
export async function profitLoss(
  q: Queryable,
  playerId: number,
  opts: { from?: string; to?: string; group: 'day' | 'sport' | 'market' },
  now = new Date(),
) {
  const to = opts.to ?? dhakaDay(now);
  const from = opts.from ?? dhakaDay(new Date(dayStart(to).getTime() - 6 * DAY_MS));
  if (from > to) throw new HttpError(422, 'The start date must not be after the end date.');
  const key =
    opts.group === 'day'
      ? `to_char(m.settled_at AT TIME ZONE 'Asia/Dhaka', 'YYYY-MM-DD')`
      : opts.group === 'sport'
        ? 'm.sport'
        : 'm.market_id';
  const r = await q.query<{ key: string; label: string; markets: string; gross: string; commission: string; net: string }>(
    `SELECT ${key} AS key, min(${opts.group === 'market' ? `m.event_name || ' — ' || m.name` : key}) AS label, count(*) AS markets,
       sum(p.gross_minor) AS gross, sum(p.commission_minor) AS commission, sum(p.net_minor) AS net
     FROM exchange_positions p JOIN exchange_markets m ON m.market_id = p.market_id
     WHERE p.player_id = $1 AND p.net_minor IS NOT NULL AND m.settled_at >= $2 AND m.settled_at < $3
     GROUP BY 1 ORDER BY ${opts.group === 'day' ? '1' : 'max(m.settled_at)'} DESC`,
    [playerId, dayStart(from).toISOString(), new Date(dayStart(to).getTime() + DAY_MS).toISOString()],
  );
  const cur = await q.query<{ currency: string }>('SELECT currency FROM players WHERE id = $1', [playerId]);
  let gross = 0n;
  let commission = 0n;
  let net = 0n;
  const rows = r.rows.map((x) => {
    gross += BigInt(x.gross);
    commission += BigInt(x.commission);
    net += BigInt(x.net);
    return {
      key: x.key,
      label: x.label,
      markets: Number(x.markets),
      gross: fromMinor(BigInt(x.gross)),
      commission: fromMinor(BigInt(x.commission)),
      net: fromMinor(BigInt(x.net)),
    };
  });
  return {
    currency: cur.rows[0]?.currency ?? 'BDT',
    from,
    to,
    rows,
    total: { gross: fromMinor(gross), commission: fromMinor(commission), net: fromMinor(net) },
  };
}

/* ---------------- activity ---------------- */

const ACTIVITY_PAGE = 30;

/** Log-ins (sessions), bets, cancels and cash-outs (exchange_activity), lapses (bets) and settlements (positions), newest first. */
export async function activity(q: Queryable, playerId: number, page: number) {
  const union = `
    SELECT 'login' AS kind, s.created_at AS at, 'Logged in' || CASE WHEN s.scope = 'exchange' THEN ' to the exchange' ELSE '' END AS detail,
      NULL::text AS bet_id, NULL::text AS market_id
      FROM sessions s WHERE s.player_id = $1
    UNION ALL
    SELECT a.kind, a.created_at, a.detail, b.public_id, a.market_id
      FROM exchange_activity a LEFT JOIN exchange_bets b ON b.id = a.bet_id WHERE a.player_id = $1
    UNION ALL
    SELECT 'lapse', b.updated_at, 'Lapsed ' || b.public_id || ' — ' || m.event_name || ', ' || m.name || COALESCE(': ' || b.reason, ''),
      b.public_id, b.market_id
      FROM exchange_bets b JOIN exchange_markets m ON m.market_id = b.market_id WHERE b.player_id = $1 AND b.status = 'LAPSED'
    UNION ALL
    SELECT 'settled', m.settled_at,
      'Settled ' || m.event_name || ', ' || m.name || CASE WHEN m.voided THEN ' (void)' ELSE '' END || ': ' ||
        CASE WHEN p.net_minor >= 0 THEN '+' ELSE '-' END || to_char(abs(p.net_minor) / 100.0, 'FM999999999990.00'),
      NULL, m.market_id
      FROM exchange_positions p JOIN exchange_markets m ON m.market_id = p.market_id
      WHERE p.player_id = $1 AND p.net_minor IS NOT NULL AND m.settled_at IS NOT NULL`;
  const total = Number((await q.query<{ n: string }>(`SELECT count(*) AS n FROM (${union}) x`, [playerId])).rows[0]!.n);
  const r = await q.query<{ kind: string; at: Date | string; detail: string; bet_id: string | null; market_id: string | null }>(
    `SELECT * FROM (${union}) x ORDER BY at DESC LIMIT $2 OFFSET $3`,
    [playerId, ACTIVITY_PAGE, (page - 1) * ACTIVITY_PAGE],
  );
  return {
    data: r.rows.map((x) => ({
      kind: x.kind as 'login' | 'bet' | 'cancel' | 'cash_out' | 'lapse' | 'settled',
      at: new Date(x.at).toISOString(),
      detail: x.detail,
      bet_id: x.bet_id,
      market_id: x.market_id,
    })),
    page,
    last_page: Math.max(1, Math.ceil(total / ACTIVITY_PAGE)),
  };
}

/* ---------------- results ---------------- */

/** Settled Match Odds markets with their winners (the In-Play Result tab), newest first. */
export async function results(q: Queryable, sport: string | undefined) {
  const r = await q.query<{
    event_id: string;
    event_name: string;
    sport: string;
    market_id: string;
    name: string;
    runners: Array<{ selectionId: number; name: string }>;
    result: { winner?: number } | null;
    voided: boolean;
    settled_at: Date | string;
  }>(
    `SELECT event_id, event_name, sport, market_id, name, runners, result, voided, settled_at FROM exchange_markets
     WHERE kind = 'MATCH_ODDS' AND settled_at IS NOT NULL AND ($1::text IS NULL OR sport = $1)
     ORDER BY settled_at DESC LIMIT 100`,
    [sport ?? null],
  );
  return {
    data: r.rows.map((m) => ({
      event_id: m.event_id,
      event_name: m.event_name,
      sport: m.sport,
      market_id: m.market_id,
      market_name: m.name,
      winner: m.voided ? null : (m.runners.find((x) => x.selectionId === m.result?.winner)?.name ?? null),
      voided: m.voided,
      settled_at: new Date(m.settled_at).toISOString(),
    })),
  };
}
