import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as playerSchemas from './player';
import * as staffSchemas from './staff/index';
import type { Endpoint } from '../endpoint';

type Json = { [k: string]: unknown };

/** Paths of every string in a JSON Schema that has no maxLength (enums and constants are bounded already). */
function unbounded(node: unknown, at: string, out: string[]) {
  if (!node || typeof node !== 'object') return;
  const s = node as Json;
  const types = Array.isArray(s.type) ? s.type : [s.type];
  if (types.includes('string') && s.maxLength === undefined && s.enum === undefined && s.const === undefined) out.push(at || '(root)');
  for (const [k, v] of Object.entries(s)) {
    if (k === 'properties' && v && typeof v === 'object') {
      for (const [name, child] of Object.entries(v)) unbounded(child, `${at}.${name}`, out);
    } else if (Array.isArray(v)) v.forEach((child, i) => unbounded(child, `${at}${k === 'items' ? '[]' : `/${k}${i}`}`, out));
    else if (k === 'items' || k === 'additionalProperties' || k === 'not') unbounded(v, `${at}[]`, out);
  }
}

const isEndpoint = (v: unknown): v is Endpoint =>
  !!v && typeof v === 'object' && 'method' in v && 'path' in v && 'response' in v && 'auth' in v;

const endpoints = (Object.entries({ ...playerSchemas, ...staffSchemas }) as [string, unknown][]).filter((e): e is [string, Endpoint] =>
  isEndpoint(e[1]),
);

describe('request schemas bound every string', () => {
  it('finds the endpoints', () => expect(endpoints.length).toBeGreaterThan(40));

  it('every string input field (query, body, params) has a maximum length', () => {
    const offenders: string[] = [];
    for (const [name, e] of endpoints) {
      for (const part of ['query', 'body', 'params'] as const) {
        const schema = e[part];
        if (!schema) continue;
        const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
        const found: string[] = [];
        unbounded(json, '', found);
        offenders.push(...found.map((p) => `${name}.${part}${p}`));
      }
    }
    expect(offenders).toEqual([]);
  });

  it('the seamless-wallet requests are bounded too', () => {
    const offenders: string[] = [];
    for (const [action, schema] of Object.entries(playerSchemas.seamlessRequests)) {
      unbounded(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }), action, offenders);
    }
    expect(offenders).toEqual([]);
  });
});
