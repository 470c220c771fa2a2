import type { Queryable } from '../db';
import { fromMinor, parseMinor, toMinor } from '../ledger';

/** One round as the provider's log reports it (the sandbox's GET /provider/rounds shape). */
export interface ProviderRound {
  round: string;
  user: string;
  bet: string;
  win: string;
  /** 'closed' (settled), 'rolled_back', 'refused', 'open', 'win_pending'. */
  status: string;
}

export interface RoundDifference {
  round: string;
  problem: string;
}

/**
 * Replays a provider's round log against our books: for every round, the stake and win the provider
 * believes must equal our round row AND the net of the ledger postings on the player's main account
 * (win - bet). Rounds the provider refused must have moved nothing. Returns every difference found.
 */
export async function reconcileRounds(q: Queryable, provider: string, log: ProviderRound[]): Promise<RoundDifference[]> {
  const diffs: RoundDifference[] = [];
  for (const p of log) {
    const ours = await q.query<{ bet_minor: string; win_minor: string; status: string; player_id: string }>(
      'SELECT bet_minor, win_minor, status, player_id FROM casino_rounds WHERE provider = $1 AND round_id = $2',
      [provider, p.round],
    );
    const net = await q.query<{ net: string | null }>(
      `SELECT SUM(po.amount_minor)::bigint AS net FROM ledger_transfers t
       JOIN ledger_postings po ON po.transfer_id = t.id
       JOIN ledger_accounts a ON a.id = po.account_id
       WHERE t.reference = $1 AND a.code = 'player:' || $2 || ':main'`,
      [`${provider}:${p.round}`, p.user],
    );
    const ledgerNet = parseMinor(net.rows[0]?.net ?? 0);
    const providerBet = toMinor(p.bet);
    const providerWin = toMinor(p.win);
    const row = ours.rows[0];
    if (p.status === 'refused') {
      if (row && (parseMinor(row.bet_minor) !== 0n || parseMinor(row.win_minor) !== 0n))
        diffs.push({ round: p.round, problem: 'refused by us but money recorded' });
      if (ledgerNet !== 0n) diffs.push({ round: p.round, problem: `refused round moved ${fromMinor(ledgerNet)}` });
      continue;
    }
    if (!row) {
      if (providerBet !== 0n || providerWin !== 0n) diffs.push({ round: p.round, problem: 'round unknown to the operator' });
      continue;
    }
    if (String(row.player_id) !== p.user) diffs.push({ round: p.round, problem: `user ${p.user} vs ${row.player_id}` });
    const bet = parseMinor(row.bet_minor);
    const win = parseMinor(row.win_minor);
    if (bet !== providerBet) diffs.push({ round: p.round, problem: `bet ${p.bet} vs ${fromMinor(bet)}` });
    if (win !== providerWin) diffs.push({ round: p.round, problem: `win ${p.win} vs ${fromMinor(win)}` });
    if (ledgerNet !== providerWin - providerBet) {
      diffs.push({ round: p.round, problem: `ledger net ${fromMinor(ledgerNet)} vs provider ${fromMinor(providerWin - providerBet)}` });
    }
    const expectStatus = p.status === 'closed' ? 'settled' : p.status === 'rolled_back' ? 'cancelled' : 'open';
    if (row.status !== expectStatus) diffs.push({ round: p.round, problem: `status ${p.status} vs ${row.status}` });
  }
  return diffs;
}
