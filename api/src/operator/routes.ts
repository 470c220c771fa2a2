import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { bearerToken } from '../auth/sessions';
import { NotFound, Unauthenticated } from '../http/errors';
import { checkLedger, fromMinor, parseMinor } from '../ledger';
import { walletConfig, type WalletConfig } from '../wallet/config';
import { addEvent, decide, findTransactionForUpdate } from '../wallet/service';
import { afterMoney } from '../wallet/routes';
import { operatorLogin, operatorLogout, requireOperator } from './auth';
import { OPERATOR_PAGE } from './page';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const decisionBody = z.object({ note: z.string().trim().max(500).optional() }).optional();
const ts = (v: unknown) => (v === null || v === undefined ? null : new Date(String(v)).toISOString());

/**
 * Back office for payments staff: operator login (own accounts and tokens), pending deposits and
 * withdrawals with approve/reject, receipts, turnover waivers, ledger check, and the page at GET /operator.
 */
export default async function operatorRoutes(app: FastifyInstance, opts: { config?: WalletConfig } = {}) {
  const db = app.db;
  const config = opts.config ?? walletConfig();
  const tags = ['operator'];

  app.get('/operator', { schema: { hide: true } }, async (_req, reply) => {
    reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', "default-src 'self'; script-src 'unsafe-inline' 'self'; style-src 'unsafe-inline'; img-src 'self' blob: data:")
      .header('x-frame-options', 'DENY')
      .send(OPERATOR_PAGE);
  });

  app.post(
    '/api/operator/login',
    { schema: { tags, body: z.object({ username: z.string().trim().min(1, 'Username is required'), password: z.string().min(1, 'Password is required') }) } },
    async (req, reply) => {
      const { username, password } = req.body as { username: string; password: string };
      const res = await operatorLogin(db, username, password);
      if (!res) return reply.code(401).send({ message: 'Invalid credentials' });
      req.log.info({ operator: res.operator.id }, 'operator logged in');
      return { token: res.token, operator: res.operator };
    },
  );

  app.post('/api/operator/logout', { schema: { tags } }, async (req) => {
    const token = bearerToken(req.headers.authorization);
    if (!token) throw new Unauthenticated();
    await operatorLogout(db, token);
    return { message: 'Logged out' };
  });

  app.get('/api/operator/me', { schema: { tags } }, async (req) => requireOperator(db, req));

  app.get(
    '/api/operator/transactions',
    {
      schema: {
        tags,
        querystring: z.object({
          status: z.enum(['0', '1', '2', 'all']).default('0'),
          action: z.enum(['deposit', 'withdraw', 'all']).default('all'),
        }),
      },
    },
    async (req) => {
      await requireOperator(db, req);
      const { status, action } = req.query as { status: string; action: string };
      const r = await db.query<Record<string, any>>(
        `SELECT t.id::int AS id, t.public_id, t.action, t.mode, t.amount_minor, t.bonus_minor, t.currency, t.status,
                t.channel, t.account_number, t.payer_trx_id, t.payer_number, t.created_at, t.decided_at, t.decided_by,
                t.decision_note, p.id::int AS player_id, p.username, p.phone, m.name AS method_name, pr.name AS promotion,
                COALESCE((SELECT json_agg(json_build_object('id', r.id::int, 'type', r.content_type, 'size', r.size_bytes) ORDER BY r.id)
                          FROM wallet_receipts r WHERE r.transaction_id = t.id), '[]'::json) AS receipts
         FROM wallet_transactions t
         JOIN players p ON p.id = t.player_id
         LEFT JOIN payment_methods m ON m.id = t.payment_method_id
         LEFT JOIN promotions pr ON pr.id = t.promotion_id
         WHERE ($1::text = 'all' OR t.status = $1::int) AND ($2::text = 'all' OR t.action = $2)
         ORDER BY t.created_at ${status === '0' ? 'ASC' : 'DESC'}, t.id LIMIT 200`,
        [status, action],
      );
      return {
        data: r.rows.map((t) => ({
          ...t,
          amount: fromMinor(parseMinor(t.amount_minor)),
          bonus: fromMinor(parseMinor(t.bonus_minor)),
          amount_minor: undefined,
          bonus_minor: undefined,
          status: Number(t.status),
          created_at: ts(t.created_at),
          decided_at: ts(t.decided_at),
        })),
      };
    },
  );

  for (const [verb, outcome] of [
    ['approve', 1],
    ['reject', 2],
  ] as const) {
    app.post(
      `/api/operator/transactions/:id/${verb}`,
      { schema: { tags, params: idParams, body: decisionBody } },
      async (req) => {
        const op = await requireOperator(db, req);
        const { id } = req.params as { id: number };
        const note = (req.body as { note?: string } | undefined)?.note;
        // Approving twice answers the same and moves money once; approve after reject is a 409.
        const decided = await db.tx(async (q) => {
          const tx = await findTransactionForUpdate(q, 'id', id);
          if (!tx) throw new NotFound('Unknown transaction');
          return decide(q, tx, outcome, `operator:${op.id}`, note);
        });
        if (decided.changed) await afterMoney(app, decided.transaction.player_id);
        req.log.info({ operator: op.id, transaction: decided.transaction.public_id, verb, changed: decided.changed }, 'payment decision');
        return { id, status: decided.transaction.status, changed: decided.changed, message: verb === 'approve' ? 'Approved' : 'Rejected' };
      },
    );
  }

  app.get('/api/operator/receipts/:id', { schema: { tags, params: idParams } }, async (req, reply) => {
    await requireOperator(db, req);
    const { id } = req.params as { id: number };
    const r = await db.query<{ file_name: string; content_type: string }>('SELECT file_name, content_type FROM wallet_receipts WHERE id = $1', [id]);
    const row = r.rows[0];
    const file = row ? path.join(config.receiptsDir, path.basename(row.file_name)) : null;
    if (!row || !file || !existsSync(file)) throw new NotFound('Receipt not found');
    return reply.type(row.content_type).header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff').send(createReadStream(file));
  });

  app.get(
    '/api/operator/turnovers',
    { schema: { tags, querystring: z.object({ status: z.enum(['active', 'complete']).default('active') }) } },
    async (req) => {
      await requireOperator(db, req);
      const { status } = req.query as { status: string };
      const r = await db.query<Record<string, any>>(
        `SELECT w.id::int AS id, w.status, w.required_minor, w.remaining_minor, w.created_at, p.username, t.public_id
         FROM wallet_turnovers w JOIN players p ON p.id = w.player_id JOIN wallet_transactions t ON t.id = w.transaction_id
         WHERE w.status = $1 ORDER BY w.id DESC LIMIT 200`,
        [status],
      );
      return {
        data: r.rows.map((w) => ({
          id: w.id,
          status: w.status,
          username: w.username,
          transaction_id: w.public_id,
          required: fromMinor(parseMinor(w.required_minor)),
          remaining: fromMinor(parseMinor(w.remaining_minor)),
          created_at: ts(w.created_at),
        })),
      };
    },
  );

  /** Back-office waiver (e.g. a bonus the player gave up): closes the requirement, audited on its deposit. */
  app.post(
    '/api/operator/turnovers/:id/waive',
    { schema: { tags, params: idParams, body: z.object({ note: z.string().trim().min(1, 'A reason is required').max(500) }) } },
    async (req) => {
      const op = await requireOperator(db, req);
      const { id } = req.params as { id: number };
      const { note } = req.body as { note: string };
      return db.tx(async (q) => {
        const r = await q.query<{ transaction_id: string; status: string; remaining_minor: string }>(
          'SELECT transaction_id, status, remaining_minor FROM wallet_turnovers WHERE id = $1 FOR UPDATE',
          [id],
        );
        const row = r.rows[0];
        if (!row) throw new NotFound('Unknown turnover');
        if (row.status === 'complete') return { id, status: 'complete', changed: false };
        await q.query(`UPDATE wallet_turnovers SET remaining_minor = 0, status = 'complete', completed_at = now() WHERE id = $1`, [id]);
        await addEvent(q, Number(row.transaction_id), 'turnover_waived', `operator:${op.id}`, {
          turnover: id,
          remaining: fromMinor(parseMinor(row.remaining_minor)),
          note,
        });
        return { id, status: 'complete', changed: true };
      });
    },
  );

  app.get('/api/operator/ledger-check', { schema: { tags } }, async (req) => {
    await requireOperator(db, req);
    return checkLedger(db);
  });

  app.get('/api/operator/transactions/:id/events', { schema: { tags, params: idParams } }, async (req) => {
    await requireOperator(db, req);
    const { id } = req.params as { id: number };
    const r = await db.query<Record<string, any>>(
      'SELECT id::int AS id, event, actor, detail, created_at FROM wallet_transaction_events WHERE transaction_id = $1 ORDER BY id',
      [id],
    );
    if (!r.rows.length) throw new NotFound('Unknown transaction');
    return { data: r.rows.map((e) => ({ ...e, created_at: ts(e.created_at) })) };
  });

}
