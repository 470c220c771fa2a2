import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { WALLET_STATUS } from '@khela/contracts';
import type { Queryable } from '../db';
import { bearerToken } from '../auth/sessions';
import { NotFound, Unauthenticated } from '../http/errors';
import { checkLedger } from '../ledger';
import { walletConfig, type WalletConfig } from '../wallet/config';
import { afterMoney } from '../wallet/notify';
import { decide, findTransactionForUpdate } from '../wallet/service';
import { OPERATOR_PAGE } from './page';
import { operatorForToken, type AuthOperator } from './auth';
import { operatorLogin, operatorLogout, paymentRequests, receiptFile, transactionEvents, turnovers, waiveTurnover } from './service';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const decisionBody = z.object({ note: z.string().trim().max(500).optional() }).optional();

/** The operator behind the request's bearer token (operator tokens only; a player's token is refused). */
async function requireOperator(q: Queryable, req: FastifyRequest): Promise<AuthOperator> {
  const token = bearerToken(req.headers.authorization);
  const op = token ? await operatorForToken(q, token) : null;
  if (!op) throw new Unauthenticated();
  return op;
}

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
      .header(
        'content-security-policy',
        "default-src 'self'; script-src 'unsafe-inline' 'self'; style-src 'unsafe-inline'; img-src 'self' blob: data:",
      )
      .header('x-frame-options', 'DENY')
      .send(OPERATOR_PAGE);
  });

  app.post(
    '/api/operator/login',
    {
      schema: {
        tags,
        body: z.object({ username: z.string().trim().min(1, 'Username is required'), password: z.string().min(1, 'Password is required') }),
      },
    },
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
      return { data: await paymentRequests(db, status, action) };
    },
  );

  for (const [verb, outcome] of [
    ['approve', WALLET_STATUS.approved],
    ['reject', WALLET_STATUS.rejected],
  ] as const) {
    app.post(`/api/operator/transactions/:id/${verb}`, { schema: { tags, params: idParams, body: decisionBody } }, async (req) => {
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
    });
  }

  app.get('/api/operator/receipts/:id', { schema: { tags, params: idParams } }, async (req, reply) => {
    await requireOperator(db, req);
    const { id } = req.params as { id: number };
    const row = await receiptFile(db, id);
    const file = row ? path.join(config.receiptsDir, path.basename(row.file_name)) : null;
    if (!row || !file || !existsSync(file)) throw new NotFound('Receipt not found');
    return reply
      .type(row.content_type)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(createReadStream(file));
  });

  app.get(
    '/api/operator/turnovers',
    { schema: { tags, querystring: z.object({ status: z.enum(['active', 'complete']).default('active') }) } },
    async (req) => {
      await requireOperator(db, req);
      const { status } = req.query as { status: string };
      return { data: await turnovers(db, status) };
    },
  );

  app.post(
    '/api/operator/turnovers/:id/waive',
    { schema: { tags, params: idParams, body: z.object({ note: z.string().trim().min(1, 'A reason is required').max(500) }) } },
    async (req) => {
      const op = await requireOperator(db, req);
      const { id } = req.params as { id: number };
      const { note } = req.body as { note: string };
      return waiveTurnover(db, id, op.id, note);
    },
  );

  app.get('/api/operator/ledger-check', { schema: { tags } }, async (req) => {
    await requireOperator(db, req);
    return checkLedger(db);
  });

  app.get('/api/operator/transactions/:id/events', { schema: { tags, params: idParams } }, async (req) => {
    await requireOperator(db, req);
    const { id } = req.params as { id: number };
    const data = await transactionEvents(db, id);
    if (!data.length) throw new NotFound('Unknown transaction');
    return { data };
  });
}
