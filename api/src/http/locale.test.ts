import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import * as contracts from '@khela/contracts';
import {
  API_MESSAGES,
  bnMessage,
  bnPlaceholderNames,
  EXCHANGE_MESSAGES,
  IDENTITY_MESSAGES,
  localizeMessage,
  PROTECTION_MESSAGES,
  WALLET_MESSAGES,
} from '@khela/contracts';
import type { Db } from '../db';
import { appPerFile } from '../testing/app-per-file';
import { createPlayer, tokenFor } from '../testing/helpers';
import { sendInboxMessage } from '../core/inbox';
import { parseAcceptLanguage } from './locale';

/*
 * Issue 34 item 2: every message the API can show a player has a Bangla text in the contracts' catalogue
 * (API_MESSAGES), and a request with Accept-Language: bn gets it. The walk below fails when a new message is added to
 * the contracts' message objects, thrown by the API or written in a player schema without its Bangla.
 */

const BENGALI = /[\u0980-\u09FF]/;
const API_SRC = path.resolve(__dirname, '..');
const CONTRACTS_SRC = path.resolve(__dirname, '../../../shared/contracts/src');

const walk = (d: string): string[] =>
  readdirSync(d).flatMap((f) => {
    const p = path.join(d, f);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });

/** A template literal's text with each `${...}` as a sample value (a template entry of the catalogue matches any). */
const sample = (literal: string) => literal.replace(/\$\{[^}]*\}/g, '7');

/** The API's player-facing files: not the staff console's, the seed, the tests, nor the providers' callbacks. */
const playerFiles = () =>
  walk(API_SRC).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !/[\\/](staff|operator|seed|testing|ops|bench)[\\/]/.test(f));

/** Texts the API sends to parties other than players (provider callbacks, staff alerts), with where they are. */
const NOT_FOR_PLAYERS = [
  /^Malformed callback$/, // wallet/routes.ts: the payment gateway's callback
  /^OK$/, // the gateway's callback
  /^Unknown partner\.$/, // casino/routes.ts: the game provider's seamless wallet
  /^The body is not JSON\.$/,
  /^Unknown action 7\.$/,
  /^Internal error; retry the same request\.$/,
  /^The referenced bet does not exist\.$/,
  /^Account 7 \(id 7\) tried/, // core/linked.ts: a staff alert
  /^Player 7 \(id 7\) entered a birthday/, // protection/under-age.ts: a staff alert
  /^Invalid date: 7 \(expected YYYY-MM-DD\)\.$/, // core/timestamps.ts dhakaDateStart: staff reports and audit search
  /^Feed result for/, // exchange/settlement.ts: a staff alert
  /^Not found: 7/, // an unknown route (no page of ours calls one)
];
const forPlayers = (m: string) => !NOT_FOR_PLAYERS.some((re) => re.test(m));

function apiSourceMessages(): Map<string, string> {
  const found = new Map<string, string>();
  const add = (m: string, file: string) => {
    const text = sample(m);
    if (text.trim() && forPlayers(text)) found.set(text, path.relative(API_SRC, file));
  };
  const literal = String.raw`(?:'((?:\\.|[^'\\])*)'|\x60((?:\\.|[^\x60\\])*)\x60)`;
  const thrown = new RegExp(
    String.raw`new (?:HttpError|Forbidden|NotFound|BadRequest|Conflict|ServiceBusy)\(\s*(?:\d+\s*,\s*)?${literal}`,
    'g',
  );
  const messageKey = new RegExp(String.raw`\bmessage:\s*${literal}`, 'g');
  const files = playerFiles().map((file) => ({ file, src: readFileSync(file, 'utf8') }));
  // constants thrown by name (`new BadRequest(PHONE_TAKEN)`): their definitions, wherever they are
  const thrownNames = new Set(
    files.flatMap(({ src }) =>
      [...src.matchAll(/new (?:HttpError|Forbidden|NotFound|BadRequest|Conflict|ServiceBusy)\(\s*(?:\d+\s*,\s*)?([A-Z][A-Z0-9_]+)\b/g)].map(
        (m) => m[1]!,
      ),
    ),
  );
  for (const { file, src } of files) {
    for (const re of [thrown, messageKey]) for (const m of src.matchAll(re)) add(m[1] ?? m[2]!, file);
    for (const m of src.matchAll(new RegExp(String.raw`const ([A-Z][A-Z0-9_]+) =\s*(?:\([^)]*\)\s*=>\s*)?\n?\s*${literal}`, 'g'))) {
      if (thrownNames.has(m[1]!)) add(m[2] ?? m[3]!, file);
    }
    // the values of a message object (`export const RECEIPT_MESSAGES = { ... }`, transfer's `M`)
    for (const block of src.matchAll(/export const (?:[A-Z_]*MESSAGES|M) = \{([\s\S]*?)\n\}/g)) {
      for (const m of block[1]!.matchAll(new RegExp(String.raw`^\s+\w+:\s*(?:\([^)]*\)\s*=>\s*)?\n?\s*${literal}`, 'gm'))) {
        add(m[1] ?? m[2]!, file);
      }
    }
  }
  return found;
}

/** The texts of the player schemas' zod checks (not the back office's). */
function schemaMessages(): Map<string, string> {
  const found = new Map<string, string>();
  const files = [...walk(path.join(CONTRACTS_SRC, 'schemas')), path.join(CONTRACTS_SRC, 'endpoint.ts')].filter(
    (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !/[\\/]staff[\\/]/.test(f),
  );
  const re =
    /(?:\.(?:min|max|length|regex|refine|email|gte|lte|int|positive)\([^()]*?,\s*|\b(?:message|error):\s*|\.(?:email|positive|int|nonempty)\()'((?:\\.|[^'\\])+)'/g;
  for (const f of files) for (const m of readFileSync(f, 'utf8').matchAll(re)) found.set(m[1]!, path.relative(CONTRACTS_SRC, f));
  return found;
}

/** The contracts' message objects of the staff console (English only) and those the screens show themselves. */
const STAFF_MESSAGE_OBJECTS = new Set([
  'STAFF_MESSAGES',
  'STAFF_MARKET_MESSAGES',
  'DESK_MESSAGES',
  'APPROVAL_MESSAGES',
  'CONTENT_MESSAGES',
]);

/**
 * Every text of the contracts' player-facing message objects (every exported `*_MESSAGES` but the staff console's, so
 * a new object is walked without being listed here), functions called with sample values.
 */
function contractMessages(): Map<string, string> {
  const found = new Map<string, string>();
  const objects = Object.fromEntries(
    Object.entries(contracts).filter(
      ([name, v]) => /_MESSAGES$/.test(name) && !STAFF_MESSAGE_OBJECTS.has(name) && v && typeof v === 'object',
    ),
  );
  expect(Object.keys(objects)).toEqual(
    expect.arrayContaining(['IDENTITY_MESSAGES', 'WALLET_MESSAGES', 'EXCHANGE_MESSAGES', 'KYC_MESSAGES']),
  );
  // screens' labels and texts that already carry both languages are not API messages
  const skip = new Set(['bn', 'owedLabel', 'inboxBody']);
  for (const [name, obj] of Object.entries(objects)) {
    for (const [key, v] of Object.entries(obj as Record<string, unknown>)) {
      if (name === 'LINKED_MESSAGES' && key === 'linkedSelfExcluded') {
        found.set((v as (u: string | null) => string)('2026-11-27T09:00:00.000Z'), `${name}.${key}`);
        continue;
      }
      if (skip.has(key)) continue;
      const where = `${name}.${key}`;
      if (typeof v === 'string') found.set(v, where);
      else if (v && typeof v === 'object' && typeof (v as { en?: unknown }).en === 'string') found.set((v as { en: string }).en, where);
      else if (typeof v === 'function') {
        const args: unknown[] = Array.from({ length: v.length }, (_, i) => ['24h', '1000.00', '500.00'][i] ?? '7');
        if (key === 'accountOnHold') {
          found.set(v('fraud', true), where);
          found.set(v('bonus_abuse', false), where);
        } else if (/selfExcluded|timedOut|limitPending|sessionLimit/.test(key)) {
          const iso = '2026-11-27T09:00:00.000Z';
          found.set(key === 'sessionLimit' ? v(60, iso) : v(iso), where);
          if (key === 'selfExcluded') found.set(v(null), where);
        } else found.set(v(...args), where);
      }
    }
  }
  return found;
}

describe('the API messages catalogue (en + bn)', () => {
  it('gives every entry a Bangla text with the same placeholders, and each English once', () => {
    const missing = API_MESSAGES.filter((m) => !m.bn.trim() || !BENGALI.test(m.bn));
    expect(missing.map((m) => m.en)).toEqual([]);
    const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    const names = (list: (string | undefined)[]) => [...new Set(list)].sort().join();
    expect(API_MESSAGES.filter((m) => names(placeholders(m.en)) !== names(bnPlaceholderNames(m.bn))).map((m) => m.en)).toEqual([]);
    const seen = new Set<string>();
    const twice = API_MESSAGES.filter((m) => (seen.has(m.en) ? true : (seen.add(m.en), false)));
    expect(twice.map((m) => m.en)).toEqual([]);
  });

  it("knows every text of the contracts' message objects and of the player schemas (English stays the spec's)", () => {
    const lacking = [...contractMessages(), ...schemaMessages()].filter(([en]) => bnMessage(en) === undefined);
    expect(lacking.map(([en, where]) => `${where}: ${en}`)).toEqual([]);
    // the spec's texts (docs/README.md#spec-5, #spec-8) are the catalogue's English, untouched
    expect(localizeMessage(WALLET_MESSAGES.phoneNotVerified, 'en')).toBe('Please verify your phone number first.');
    expect(localizeMessage(IDENTITY_MESSAGES.usernameRequired, 'en')).toBe('Username is required');
  });

  it('knows every message the API throws or answers a player with (scanned from api/src)', () => {
    const found = apiSourceMessages();
    expect(found.size).toBeGreaterThan(40);
    const lacking = [...found].filter(([en]) => bnMessage(en) === undefined);
    expect(lacking.map(([en, file]) => `${file}: ${en}`)).toEqual([]);
  });

  it("puts a message's values into the Bangla: amounts in Bengali digits, transaction ids and names as sent", () => {
    expect(bnMessage(EXCHANGE_MESSAGES.stakeTooSmall('100.00', 'BDT'))).toBe('সর্বনিম্ন স্টেক ১০০.০০৳।');
    expect(bnMessage(EXCHANGE_MESSAGES.liabilityLimit('25000.00', 'INR'))).toBe(
      'এই বেটে এই মার্কেটে আপনার দায় আপনার সীমা ২৫,০০০.০০₹ ছাড়িয়ে যেত।',
    );
    expect(
      bnMessage('Your deposit of 500.00 BDT (transaction D123456) has been approved and added to your main wallet. Bonus: 50.00 BDT.'),
    ).toBe('আপনার ৫০০.০০৳ ডিপোজিট (লেনদেন D123456) অনুমোদিত হয়েছে এবং আপনার মূল ওয়ালেটে যোগ হয়েছে। বোনাস: ৫০.০০৳।');
    expect(bnMessage(PROTECTION_MESSAGES.timedOut('2026-11-27T09:00:00.000Z'))).toBe(
      'আপনি ২৭ নভে ২০২৬, ১৫:০০ (GMT+6) পর্যন্ত বিরতিতে আছেন। ডিপোজিট, গেম ও বেটিং বন্ধ; আপনি এখনও উইথড্র করতে ও বার্তা পড়তে পারবেন।',
    );
    expect(localizeMessage('Something only the English knows', 'bn')).toBe('Something only the English knows');
  });

  it('reads Accept-Language with its q-values (Bangla only when it ranks above English)', () => {
    expect(parseAcceptLanguage('bn')).toBe('bn');
    expect(parseAcceptLanguage('bn-BD,bn;q=0.9,en;q=0.8')).toBe('bn');
    expect(parseAcceptLanguage('en-US,en;q=0.9,bn;q=0.8')).toBe('en');
    expect(parseAcceptLanguage('fr,bn;q=0.5')).toBe('bn');
    expect(parseAcceptLanguage(undefined)).toBe('en');
    expect(parseAcceptLanguage('bn;q=0')).toBe('en');
  });
});

let db: Db;
let app: FastifyInstance;
appPerFile((t) => ({ db, app } = t));

describe('answers in the Accept-Language of the request', () => {
  const login = (lang: string | undefined, body: Record<string, string>) =>
    app.inject({ method: 'POST', url: '/api/login', payload: body, headers: lang ? { 'accept-language': lang } : {} });

  it('a refusal: Bangla with Accept-Language: bn, English without it or with en', async () => {
    const bn = await login('bn', { username: 'nosuchplayer1', password: 'wrongpass1' });
    expect(bn.statusCode).toBe(401);
    expect(bn.json().message).toBe('ভুল ইউজারনেম বা পাসওয়ার্ড');
    expect((await login('en', { username: 'nosuchplayer1', password: 'wrongpass1' })).json().message).toBe('Invalid credentials');
    expect((await login(undefined, { username: 'nosuchplayer1', password: 'wrongpass1' })).json().message).toBe('Invalid credentials');
  });

  it("a validation failure: the spec's rule texts in Bangla, message and errors alike", async () => {
    const res = await login('bn', { username: '', password: 'wrongpass1' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('ইউজারনেম আবশ্যক');
    expect(Object.values(res.json().errors).flat()).toContain('ইউজারনেম আবশ্যক');
  });

  it('a success message and a 404 of a bearer call', async () => {
    const token = await tokenFor(db, await createPlayer(db));
    const headers = { authorization: `Bearer ${token}`, 'accept-language': 'bn' };
    const missing = await app.inject({ method: 'GET', url: '/api/inbox/987654', headers });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('বার্তা পাওয়া যায়নি');
    const out = await app.inject({ method: 'POST', url: '/api/logout', headers });
    expect(out.json().message).toBe('লগ আউট হয়েছে।');
  });

  it("inbox messages the API wrote (templates with their values) read in the player's language", async () => {
    const playerId = await createPlayer(db);
    const token = await tokenFor(db, playerId);
    await sendInboxMessage(
      db,
      playerId,
      'Welcome to Khela',
      'Set yourself limits and take breaks. If gambling stops being fun, contact our support team at any time.',
    );
    await sendInboxMessage(
      db,
      playerId,
      'Deposit successful',
      'Your deposit of 1000.00 BDT (transaction D7788990) has been approved and added to your main wallet.',
    );
    const list = (lang: string) =>
      app.inject({ method: 'GET', url: '/api/inbox?page=1', headers: { authorization: `Bearer ${token}`, 'accept-language': lang } });
    const bn = (await list('bn')).json().data.data as Array<{ title: string; message: string }>;
    expect(bn.map((m) => m.title)).toEqual(['ডিপোজিট সফল হয়েছে', 'খেলায় স্বাগতম']);
    expect(bn[0]!.message).toBe('আপনার ১,০০০.০০৳ ডিপোজিট (লেনদেন D7788990) অনুমোদিত হয়েছে এবং আপনার মূল ওয়ালেটে যোগ হয়েছে।');
    expect(((await list('en')).json().data.data as Array<{ title: string }>).map((m) => m.title)).toEqual([
      'Deposit successful',
      'Welcome to Khela',
    ]);
  });

  it('the staff console stays English whatever the browser asks', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/operator/login',
      payload: { username: 'nosuchoperator', password: 'wrongpass1' },
      headers: { 'accept-language': 'bn' },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.json().message).not.toMatch(BENGALI);
  });
});
