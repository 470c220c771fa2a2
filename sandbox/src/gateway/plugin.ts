import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { checkCall, pathOf, signCall } from '@khela/contracts/signing';
import { config } from '../config';
import { gatewayConfig } from './config';

/**
 * Payment gateway stand-in (e-wallet deposits). Protocol, as a real gateway would speak it:
 * - Every API call and answer carries X-Timestamp and X-Signature = hex HMAC-SHA256(GATEWAY_SECRET,
 *   `${method}\n${path}\n${timestamp}\n${body}`) (an answer signs `RESPONSE` and its request's path),
 *   refused outside 300 s.
 * - POST /gateway/api/payments creates a payment, idempotent by merchant_ref; answers { payment_id, payment_url, status, ... }.
 * - GET /gateway/api/payments/:id answers the payment's state.
 * - GET /gateway/pay/:id is the page where the tester approves or declines.
 * - On a decision the gateway POSTs a signed callback to callback_url and retries with backoff
 *   until the merchant acknowledges it with a 2xx.
 * - With a data dir (SANDBOX_DATA_DIR) payments are written to a JSON file on every change and read back at start:
 *   a gateway stopped between a decision and its callback's acknowledgement delivers it after the restart.
 */

export type PaymentStatus = 'pending' | 'success' | 'failed' | 'expired';

export interface Payment {
  payment_id: string;
  merchant_ref: string;
  amount: string;
  currency: string;
  provider: string;
  callback_url: string;
  return_url: string;
  expires_at: number;
  status: PaymentStatus;
  trxid: string | null;
  number: string | null;
  created_at: number;
  callback: { attempts: number; acknowledged: boolean; last_error: string | null };
}

const createBody = z.object({
  merchant_ref: z.string().min(1).max(100),
  amount: z.string().regex(/^\d+(\.\d{1,2})?$/),
  currency: z.string().min(3).max(3),
  provider: z.string().min(1),
  callback_url: z.string().url(),
  return_url: z.string().url(),
  expires_in_seconds: z.number().int().positive().max(86_400).default(600),
});

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface GatewayOptions {
  secret?: string;
  publicUrl?: string;
  /** Delays between callback attempts, in ms (the last one repeats). */
  retryDelaysMs?: number[];
  maxAttempts?: number;
  /** Wait before the first callback attempt (ms). */
  firstDelayMs?: number;
  /** Where payments are kept across restarts; null: memory only. */
  dataFile?: string | null;
  fetchImpl?: typeof fetch;
}

/** Reads the payments a previous run of the gateway saved (none when the file is missing or unreadable). */
function loadPayments(file: string | null): Payment[] {
  if (!file) return [];
  try {
    const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as { payments?: Payment[] };
    return Array.isArray(saved.payments) ? saved.payments : [];
  } catch {
    return [];
  }
}

const gateway: FastifyPluginAsync<GatewayOptions> = async (app, opts) => {
  const secret = opts.secret ?? config.gatewaySecret;
  const publicUrl = (opts.publicUrl ?? config.publicUrl).replace(/\/$/, '');
  const env = gatewayConfig();
  const delays = opts.retryDelaysMs ?? env.retryDelaysMs;
  const maxAttempts = opts.maxAttempts ?? env.maxAttempts;
  const firstDelayMs = opts.firstDelayMs ?? env.firstDelayMs;
  const dataFile = opts.dataFile === undefined ? env.dataFile : opts.dataFile;
  const doFetch = opts.fetchImpl ?? fetch;
  const payments = new Map<string, Payment>();
  const byRef = new Map<string, string>();
  const timers = new Set<NodeJS.Timeout>();
  app.addHook('onClose', async () => timers.forEach((t) => clearTimeout(t)));

  /**
   * Writes every payment to the data file (write to a temporary file, then rename: a kill mid-write leaves the
   * previous copy whole). Synchronous, so a decision is on disk before its answer or callback leaves.
   */
  const save = () => {
    if (!dataFile) return;
    fs.mkdirSync(path.dirname(dataFile), { recursive: true });
    const tmp = `${dataFile}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify({ payments: [...payments.values()] }));
    fs.renameSync(tmp, dataFile);
  };

  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    (req as FastifyRequest & { rawBody?: string }).rawBody = body as string;
    try {
      done(null, body ? JSON.parse(body as string) : {});
    } catch {
      done(Object.assign(new Error('Invalid JSON'), { statusCode: 400 }), undefined);
    }
  });

  // The payment page posts plain HTML forms; parse them here too when the host has no form parser.
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
  }

  const view = (p: Payment) => ({
    payment_id: p.payment_id,
    payment_url: `${publicUrl}/gateway/pay/${p.payment_id}`,
    status: p.status,
    merchant_ref: p.merchant_ref,
    amount: p.amount,
    currency: p.currency,
    trxid: p.trxid,
    number: p.number,
  });
  const signed = (req: FastifyRequest, reply: FastifyReply, body: unknown) => {
    const raw = JSON.stringify(body);
    return reply
      .type('application/json')
      .headers(signCall(secret, { method: 'RESPONSE', path: req.url, body: raw }))
      .send(raw);
  };
  const refused = (req: FastifyRequest, raw: string) =>
    checkCall(secret, { method: req.method, path: req.url, body: raw }, req.headers) !== 'ok';

  function expireIfDue(p: Payment) {
    if (p.status === 'pending' && Date.now() > p.expires_at) {
      p.status = 'expired';
      save();
      deliver(p);
    }
  }

  /** Delivers the signed callback, retrying until acknowledged (2xx) or maxAttempts. */
  function deliver(p: Payment) {
    const body = JSON.stringify({
      payment_id: p.payment_id,
      merchant_ref: p.merchant_ref,
      status: p.status === 'success' ? 'success' : 'failed',
      amount: p.amount,
      currency: p.currency,
      trxid: p.trxid,
      number: p.number,
    });
    const attempt = async () => {
      if (p.callback.acknowledged) return;
      p.callback.attempts += 1;
      save();
      try {
        const res = await doFetch(p.callback_url, {
          method: 'POST',
          // signed at each attempt: a retry carries a fresh timestamp
          headers: { 'content-type': 'application/json', ...signCall(secret, { method: 'POST', path: pathOf(p.callback_url), body }) },
          body,
          signal: AbortSignal.timeout(10_000),
        });
        if (res.ok) {
          p.callback.acknowledged = true;
          p.callback.last_error = null;
          save();
          return;
        }
        p.callback.last_error = `HTTP ${res.status}`;
      } catch (err) {
        p.callback.last_error = (err as Error).message;
      }
      save();
      if (p.callback.attempts >= maxAttempts) return;
      later(delays[Math.min(p.callback.attempts - 1, delays.length - 1)]!);
    };
    const later = (delay: number) => {
      const t = setTimeout(() => {
        timers.delete(t);
        void attempt();
      }, delay);
      timers.add(t);
    };
    if (firstDelayMs > 0) later(firstDelayMs);
    else void attempt();
  }

  // A restarted gateway: its payments again, and every decided payment whose callback was not acknowledged
  // (a decision made just before the stop, or one still being retried) is delivered anew.
  for (const p of loadPayments(dataFile)) {
    payments.set(p.payment_id, p);
    byRef.set(p.merchant_ref, p.payment_id);
  }
  app.addHook('onReady', async () => {
    for (const p of payments.values()) {
      if (p.status !== 'pending' && !p.callback.acknowledged && p.callback.attempts < maxAttempts) deliver(p);
    }
  });

  app.post('/api/payments', async (req, reply) => {
    const raw = (req as FastifyRequest & { rawBody?: string }).rawBody ?? '';
    if (refused(req, raw)) return reply.code(401).send({ message: 'Invalid signature' });
    const parsed = createBody.safeParse(req.body);
    if (!parsed.success) return reply.code(422).send({ message: parsed.error.issues[0]?.message ?? 'Invalid request' });
    const existing = byRef.get(parsed.data.merchant_ref);
    if (existing) return signed(req, reply, view(payments.get(existing)!));
    const d = parsed.data;
    const p: Payment = {
      payment_id: `PG${Date.now().toString(36).toUpperCase()}${randomBytes(4).toString('hex').toUpperCase()}`,
      merchant_ref: d.merchant_ref,
      amount: d.amount,
      currency: d.currency,
      provider: d.provider,
      callback_url: d.callback_url,
      return_url: d.return_url,
      expires_at: Date.now() + d.expires_in_seconds * 1000,
      status: 'pending',
      trxid: null,
      number: null,
      created_at: Date.now(),
      callback: { attempts: 0, acknowledged: false, last_error: null },
    };
    payments.set(p.payment_id, p);
    byRef.set(p.merchant_ref, p.payment_id);
    save();
    return signed(req, reply, view(p));
  });

  app.get('/api/payments/:id', async (req, reply) => {
    if (refused(req, '')) return reply.code(401).send({ message: 'Invalid signature' });
    const p = payments.get((req.params as { id: string }).id);
    if (!p) return reply.code(404).send({ message: 'Unknown payment' });
    expireIfDue(p);
    return signed(req, reply, view(p));
  });

  const page = (title: string, inner: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title>
<style>body{font-family:system-ui,sans-serif;background:#f4f5f7;margin:0;color:#1d2430}
.card{max-width:380px;margin:24px auto;background:#fff;border-radius:16px;padding:20px;box-shadow:0 4px 20px rgba(0,0,0,.08)}
h1{font-size:20px;margin:0 0 4px}.amount{font-size:32px;font-weight:700;margin:12px 0}.muted{color:#667}
button,a.btn{display:block;width:100%;box-sizing:border-box;text-align:center;padding:12px;margin-top:10px;border:0;border-radius:10px;font:inherit;font-weight:600;cursor:pointer;text-decoration:none}
.ok{background:#e2136e;color:#fff}.no{background:#e5e7eb;color:#1d2430}input{width:100%;box-sizing:border-box;padding:10px;border:1px solid #ccd;border-radius:8px;font:inherit}</style>
</head><body><div class="card">${inner}</div></body></html>`;

  app.get('/pay/:id', async (req, reply) => {
    const p = payments.get((req.params as { id: string }).id);
    reply.type('text/html; charset=utf-8');
    if (!p) return reply.code(404).send(page('Payment not found', '<h1>Payment not found</h1>'));
    expireIfDue(p);
    if (p.status !== 'pending') return reply.send(resultPage(p));
    const secondsLeft = Math.max(0, Math.floor((p.expires_at - Date.now()) / 1000));
    return reply.send(
      page(
        'Sandbox payment',
        `<p class="muted">Khela sandbox gateway · ${esc(p.provider)}</p><h1>Pay merchant Khela</h1>
<div class="amount" data-testid="gateway-amount">${esc(p.currency)} ${esc(p.amount)}</div>
<p class="muted">Reference ${esc(p.merchant_ref)} · expires in <span id="left">${Math.floor(secondsLeft / 60)}:${String(secondsLeft % 60).padStart(2, '0')}</span></p>
<form method="post" action="${publicUrl}/gateway/pay/${esc(p.payment_id)}/approve">
<label>Your wallet number <input name="number" inputmode="numeric" value="01700000000"></label>
<button class="ok" type="submit">Approve payment</button></form>
<form method="post" action="${publicUrl}/gateway/pay/${esc(p.payment_id)}/decline"><button class="no" type="submit">Decline</button></form>
<script>(function(){var s=${secondsLeft};var el=document.getElementById('left');setInterval(function(){s=Math.max(0,s-1);el.textContent=Math.floor(s/60)+':'+String(s%60).padStart(2,'0');},1000);})();</script>`,
      ),
    );
  });

  function resultPage(p: Payment) {
    const text = p.status === 'success' ? 'Payment successful' : p.status === 'expired' ? 'Payment expired' : 'Payment declined';
    return page(
      text,
      `<h1 data-testid="gateway-result">${text}</h1><div class="amount">${esc(p.currency)} ${esc(p.amount)}</div>
${p.trxid ? `<p class="muted">Transaction ${esc(p.trxid)}</p>` : ''}
<a class="btn ok" data-testid="gateway-return" href="${esc(p.return_url)}">Return to merchant</a>`,
    );
  }

  for (const verb of ['approve', 'decline'] as const) {
    app.post(`/pay/:id/${verb}`, async (req, reply) => {
      const p = payments.get((req.params as { id: string }).id);
      reply.type('text/html; charset=utf-8');
      if (!p) return reply.code(404).send(page('Payment not found', '<h1>Payment not found</h1>'));
      expireIfDue(p);
      if (p.status === 'pending') {
        const number = String((req.body as { number?: string } | undefined)?.number ?? '')
          .replace(/\D/g, '')
          .slice(0, 15);
        p.status = verb === 'approve' ? 'success' : 'failed';
        p.trxid = verb === 'approve' ? `TX${randomBytes(5).toString('hex').toUpperCase()}` : null;
        p.number = number || null;
        save();
        deliver(p);
      }
      return reply.send(resultPage(p));
    });
  }

  /** Debug list of payments and their callback delivery. */
  app.get('/', async (_req, reply) => {
    const rows = [...payments.values()]
      .reverse()
      .map(
        (p) =>
          `<tr><td><a href="${publicUrl}/gateway/pay/${esc(p.payment_id)}">${esc(p.payment_id)}</a></td><td>${esc(p.merchant_ref)}</td><td>${esc(p.amount)}</td><td>${p.status}</td><td>${p.callback.attempts}${p.callback.acknowledged ? ' ✓' : p.callback.last_error ? ` (${esc(p.callback.last_error)})` : ''}</td></tr>`,
      )
      .join('');
    reply
      .type('text/html; charset=utf-8')
      .send(
        page(
          'Sandbox gateway',
          `<h1>Sandbox payment gateway</h1><table><tr><th>Payment</th><th>Ref</th><th>Amount</th><th>Status</th><th>Callbacks</th></tr>${rows}</table>`,
        ),
      );
  });
  app.get('/api/payments', async () => ({ data: [...payments.values()] }));
};

export default gateway;
