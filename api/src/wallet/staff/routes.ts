import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { WALLET_STATUS } from '@khela/contracts';
import { NotFound } from '../../http/errors';
import { checkLedger } from '../../ledger';
import { operatorAuthHook, requireOperator } from '../../operator/auth';
import { walletConfig, type WalletConfig } from '../config';
import { afterMoney } from '../notify';
import { decide, findTransactionForUpdate } from '../service';
import { OPERATOR_PAGE } from './page';
import { paymentRequests, receiptFile, transactionEvents, turnovers, waiveTurnover } from './service';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const decisionBody = z.object({ note: z.string().trim().max(500).optional() }).optional();

/**
 * Back office, payments: pending deposits and withdrawals with approve/reject, receipts, turnover waivers, ledger
 * check, and (until the console has it) the page at GET /operator.
 */
export default async function paymentStaffRoutes(app: FastifyInstance, opts: { config?: WalletConfig } = {}) {
  const db = app.db;
  const config = opts.config ?? walletConfig();
  const tags = ['operator'];
  const staff = (path: string) => operatorAuthHook(['payments'], path);

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

  app.get(
    '/api/operator/transactions',
    {
      onRequest: staff('/api/operator/transactions'),
      schema: {
        tags,
        querystring: z.object({
          status: z.enum(['0', '1', '2', 'all']).default('0'),
          action: z.enum(['deposit', 'withdraw', 'all']).default('all'),
        }),
      },
    },
    async (req) => {
      const { status, action } = req.query as { status: string; action: string };
      return { data: await paymentRequests(db, status, action) };
    },
  );

  for (const [verb, outcome] of [
    ['approve', WALLET_STATUS.approved],
    ['reject', WALLET_STATUS.rejected],
  ] as const) {
    const url = `/api/operator/transactions/:id/${verb}`;
    app.post(url, { onRequest: staff(url), schema: { tags, params: idParams, body: decisionBody } }, async (req) => {
      const op = requireOperator(req);
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

  app.get(
    '/api/operator/receipts/:id',
    { onRequest: staff('/api/operator/receipts/:id'), schema: { tags, params: idParams } },
    async (req, reply) => {
      const { id } = req.params as { id: number };
      const row = await receiptFile(db, id);
      const file = row ? path.join(config.receiptsDir, path.basename(row.file_name)) : null;
      if (!row || !file || !existsSync(file)) throw new NotFound('Receipt not found');
      return reply
        .type(row.content_type)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(createReadStream(file));
    },
  );

  app.get(
    '/api/operator/turnovers',
    {
      onRequest: staff('/api/operator/turnovers'),
      schema: { tags, querystring: z.object({ status: z.enum(['active', 'complete']).default('active') }) },
    },
    async (req) => {
      const { status } = req.query as { status: string };
      return { data: await turnovers(db, status) };
    },
  );

  app.post(
    '/api/operator/turnovers/:id/waive',
    {
      onRequest: staff('/api/operator/turnovers/:id/waive'),
      schema: { tags, params: idParams, body: z.object({ note: z.string().trim().min(1, 'A reason is required').max(500) }) },
    },
    async (req) => {
      const op = requireOperator(req);
      const { id } = req.params as { id: number };
      const { note } = req.body as { note: string };
      return waiveTurnover(db, id, op.id, note);
    },
  );

  app.get('/api/operator/ledger-check', { onRequest: staff('/api/operator/ledger-check'), schema: { tags } }, async () => checkLedger(db));

  app.get(
    '/api/operator/transactions/:id/events',
    { onRequest: staff('/api/operator/transactions/:id/events'), schema: { tags, params: idParams } },
    async (req) => {
      const { id } = req.params as { id: number };
      const data = await transactionEvents(db, id);
      if (!data.length) throw new NotFound('Unknown transaction');
      return { data };
    },
  );
}
