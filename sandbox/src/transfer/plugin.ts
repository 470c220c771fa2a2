import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { checkCall } from '@khela/contracts/signing';
import { config } from '../config';
import { FAULT_OPS, TransferError, TransferProvider, VENDORS, vendorByCode, type FaultOp } from './engine';
import { controlPage, errorPage, playPage } from './pages';

export interface TransferPluginOptions {
  provider?: TransferProvider;
  secret?: string;
  /** Public base of this sandbox as the browser reaches it (the launch URL). */
  publicUrl?: string;
}

const money = z.string().regex(/^\d+(\.\d{1,2})?$/);
const userField = z.string().min(1).max(64);
const currency = z.enum(['BDT', 'INR', 'PKR']);
const requests = {
  balance: z.object({ user: userField, currency }),
  transfer: z.object({
    transfer_id: z.string().min(1).max(64),
    user: userField,
    currency,
    direction: z.enum(['in', 'out']),
    amount: money,
  }),
  status: z.object({ transfer_id: z.string().min(1).max(64) }),
  bets: z.object({ user: userField, state: z.enum(['open', 'won', 'lost']).optional() }),
  launch: z.object({ user: userField, currency, game_code: z.string().max(64).optional(), lang: z.enum(['en', 'bn']).optional() }),
} as const;
type Op = keyof typeof requests;

const faultBody = z.object({
  vendor: z.string().default('*'),
  mode: z.enum(['none', '5xx', 'delay', 'timeout_after_apply', 'insufficient', 'down']),
  delay_ms: z.number().int().min(0).max(600_000).optional(),
  count: z.number().int().min(1).optional(),
  ops: z.array(z.enum(FAULT_OPS as unknown as [FaultOp, ...FaultOp[]])).optional(),
});

/**
 * The transfer-wallet provider: signed operator calls under /transfer/api/{vendor}/{balance|transfer|status|bets|launch},
 * the player's game page (/transfer/play?session=), and an unsigned control API (/transfer/control/...) that settles
 * bets and sets faults. README.md beside this file is the protocol.
 */
export function transferPlugin(opts: TransferPluginOptions = {}): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    const provider = opts.provider ?? new TransferProvider();
    const secret = opts.secret ?? config.transferProviderSecret;
    const publicUrl = (opts.publicUrl ?? config.publicUrl).replace(/\/$/, '');
    app.decorate('transferProvider', provider);
    // held connections of timeout_after_apply: dropped when the server closes
    const held = new Set<{ timer: NodeJS.Timeout; reply: FastifyReply }>();
    app.addHook('onClose', async () => {
      for (const h of held) {
        clearTimeout(h.timer);
        h.reply.raw.destroy();
      }
      held.clear();
    });

    // the signed API reads the raw body (the signature covers its exact bytes)
    await app.register(async (sub) => {
      sub.removeAllContentTypeParsers();
      sub.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
      sub.post('/api/:vendor/:op', async (req: FastifyRequest, reply: FastifyReply) => {
        const { vendor: code, op } = req.params as { vendor: string; op: string };
        const raw = typeof req.body === 'string' ? req.body : '';
        if (checkCall(secret, { method: 'POST', path: req.url, body: raw }, req.headers) !== 'ok') {
          return reply.code(401).send({ status: 'INVALID_SIGNATURE', message: 'The request signature is not valid.' });
        }
        const vendor = vendorByCode(code);
        if (!vendor) return reply.code(404).send({ status: 'INVALID_VENDOR', message: `Unknown vendor ${code}.` });
        if (!(op in requests)) return reply.code(404).send({ status: 'WRONG_SYNTAX', message: `Unknown call ${op}.` });
        let json: unknown;
        try {
          json = JSON.parse(raw);
        } catch {
          return reply.code(400).send({ status: 'WRONG_SYNTAX', message: 'The body is not JSON.' });
        }
        const parsed = requests[op as Op].safeParse(json);
        if (!parsed.success)
          return reply.code(200).send({ status: 'WRONG_SYNTAX', message: parsed.error.issues[0]?.message ?? 'Invalid request.' });

        const fault = provider.takeFault(vendor.code, op as FaultOp);
        provider.calls.push({ vendor: vendor.code, op, at: new Date().toISOString(), fault: fault?.mode ?? null });
        if (fault?.mode === 'down') {
          // nothing applied, no answer: the connection is dropped as a dead host's would be
          reply.hijack();
          reply.raw.socket?.destroy();
          return;
        }
        if (fault?.mode === '5xx') return reply.code(503).send({ status: 'UNKNOWN', message: 'Service unavailable.' });
        if (fault?.mode === 'delay') await new Promise((r) => setTimeout(r, fault.delayMs));

        let answer: Record<string, unknown>;
        try {
          answer = handle(op as Op, parsed.data as never, fault?.mode === 'insufficient');
        } catch (err) {
          if (err instanceof TransferError) return reply.send({ status: err.status, message: err.message, ...err.extra });
          throw err;
        }
        if (fault?.mode === 'timeout_after_apply') {
          // applied above; the answer never comes: the connection is held, then dropped
          reply.hijack();
          const h = {
            reply,
            timer: setTimeout(() => {
              held.delete(h);
              reply.raw.destroy();
            }, fault.delayMs || 30_000),
          };
          held.add(h);
          return;
        }
        return reply.send(answer);

        function handle(which: Op, body: never, refuse: boolean): Record<string, unknown> {
          switch (which) {
            case 'balance': {
              const b = body as z.infer<typeof requests.balance>;
              return { status: 'OK', ...provider.balance(vendor!.code, b.user, b.currency) };
            }
            case 'transfer': {
              const t = provider.transfer(vendor!.code, body as z.infer<typeof requests.transfer>, { refuse });
              return {
                status: t.status,
                transfer_id: t.transfer_id,
                state: t.state,
                balance: t.balance_after,
                message: t.state === 'refused' ? 'Not enough balance.' : undefined,
              };
            }
            case 'status': {
              const t = provider.status(vendor!.code, (body as z.infer<typeof requests.status>).transfer_id);
              if (t.state === 'closed') return { status: 'TRANSACTION_DOES_NOT_EXIST', transfer_id: t.transfer_id, state: 'closed' };
              return {
                status: 'OK',
                transfer_id: t.transfer_id,
                state: t.state,
                direction: t.direction,
                amount: t.amount,
                user: t.user,
                balance_after: t.balance_after,
              };
            }
            case 'bets': {
              const b = body as z.infer<typeof requests.bets>;
              return { status: 'OK', bets: provider.listBets({ vendor: vendor!.code, user: b.user, state: b.state }) };
            }
            case 'launch': {
              const l = body as z.infer<typeof requests.launch>;
              const s = provider.openSession(vendor!, l);
              return { status: 'OK', url: `${publicUrl}/transfer/play?session=${encodeURIComponent(s.id)}` };
            }
          }
        }
      });
    });

    // the taka sign and Bangla need a Bengali font phones may lack (the game provider ships the same one)
    const fontFile = fileURLToPath(new URL('../../../shell/public/fonts/NotoSansBengali-Regular.ttf', import.meta.url));
    app.get('/assets/bengali.ttf', async (_req, reply) => {
      if (!existsSync(fontFile)) return reply.code(404).send({ message: 'font not bundled' });
      return reply.type('font/ttf').header('cache-control', 'public, max-age=86400').send(readFileSync(fontFile));
    });

    // --- the player's game page and its calls (session id, unsigned: the browser's) ----------------------------

    app.get('/play', async (req, reply) => {
      const sid = (req.query as { session?: string }).session ?? '';
      reply.type('text/html');
      try {
        const s = provider.session(sid);
        return playPage(s, vendorByCode(s.vendor)!);
      } catch (err) {
        if (err instanceof TransferError) return reply.code(404).send(errorPage(err.message));
        throw err;
      }
    });

    app.get('/session/:sid', async (req, reply) => {
      try {
        const s = provider.session((req.params as { sid: string }).sid);
        return {
          ...provider.balance(s.vendor, s.user, s.currency),
          bets: provider.listBets({ vendor: s.vendor, user: s.user }).slice(0, 10),
        };
      } catch (err) {
        if (err instanceof TransferError) return reply.code(404).send({ status: err.status, message: err.message });
        throw err;
      }
    });

    app.post('/session/:sid/bet', async (req, reply) => {
      const body = z.object({ selection: z.string().max(64), stake: money }).safeParse(req.body);
      if (!body.success) return reply.code(400).send({ status: 'WRONG_SYNTAX', message: 'selection and stake are required' });
      try {
        const bet = provider.placeBet((req.params as { sid: string }).sid, body.data);
        const s = provider.session((req.params as { sid: string }).sid);
        return { bet, balance: provider.balance(s.vendor, s.user, s.currency).balance };
      } catch (err) {
        if (err instanceof TransferError) return reply.code(400).send({ status: err.status, message: err.message, ...err.extra });
        throw err;
      }
    });

    // --- control API (tests, the e2e suite and a person at the sandbox page) ------------------------------------

    app.get('/', async (_req, reply) =>
      reply.type('text/html').send(
        controlPage({
          wallets: provider.listWallets(),
          transfers: provider.listTransfers(),
          bets: provider.listBets(),
          faults: provider.listFaults(),
        }),
      ),
    );
    app.get('/control/vendors', async () => ({ vendors: VENDORS }));
    app.get('/control/wallets', async (req) => ({ wallets: provider.listWallets(req.query as { vendor?: string; user?: string }) }));
    app.get('/control/transfers', async (req) => ({ transfers: provider.listTransfers(req.query as { vendor?: string; user?: string }) }));
    app.get('/control/bets', async (req) => ({ bets: provider.listBets(req.query as { vendor?: string; user?: string; state?: string }) }));
    app.get('/control/calls', async () => ({ calls: provider.calls }));
    app.get('/control/faults', async () => ({ faults: provider.listFaults() }));

    app.post('/control/fault', async (req, reply) => {
      const b = faultBody.safeParse(req.body ?? {});
      if (!b.success) return reply.code(400).send({ message: b.error.issues[0]?.message });
      const { vendor, mode, delay_ms, count, ops } = b.data;
      if (vendor !== '*' && !vendorByCode(vendor)) return reply.code(404).send({ message: `Unknown vendor ${vendor}` });
      provider.setFault(
        vendor,
        mode === 'none'
          ? null
          : { mode, delayMs: delay_ms ?? (mode === 'delay' ? 2000 : 30_000), remaining: count ?? null, ops: ops ?? ['transfer'] },
      );
      return { faults: provider.listFaults() };
    });

    app.post('/control/settle', async (req, reply) => {
      const b = z
        .object({
          bet_id: z.string().optional(),
          vendor: z.string().optional(),
          user: z.string().optional(),
          result: z.enum(['won', 'lost']),
        })
        .safeParse(req.body ?? {});
      if (!b.success) return reply.code(400).send({ message: 'result is won or lost' });
      try {
        if (b.data.bet_id) return { bets: [provider.settle(b.data.bet_id, b.data.result)] };
        if (!b.data.vendor || !b.data.user) return reply.code(400).send({ message: 'bet_id, or vendor and user' });
        const open = provider.listBets({ vendor: b.data.vendor, user: b.data.user, state: 'open' });
        return { bets: open.map((x) => provider.settle(x.bet_id, b.data.result)) };
      } catch (err) {
        if (err instanceof TransferError) return reply.code(404).send({ status: err.status, message: err.message });
        throw err;
      }
    });

    app.post('/control/adjust', async (req, reply) => {
      const b = z
        .object({ vendor: z.string(), user: z.string(), amount: z.string().regex(/^-?\d+(\.\d{1,2})?$/) })
        .safeParse(req.body ?? {});
      if (!b.success) return reply.code(400).send({ message: 'vendor, user and amount are required' });
      try {
        const w = provider.adjust(b.data.vendor.toUpperCase(), b.data.user, b.data.amount);
        return provider.balance(w.vendor, w.user, w.currency);
      } catch (err) {
        if (err instanceof TransferError) return reply.code(400).send({ status: err.status, message: err.message });
        throw err;
      }
    });

    app.post('/control/reset', async () => {
      provider.reset();
      return { ok: true };
    });
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    transferProvider?: TransferProvider;
  }
}

export default transferPlugin();
