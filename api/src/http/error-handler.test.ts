import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installErrorHandler } from './error-handler';

describe('the error handler', () => {
  it('answers 503 with Retry-After when the database is away (restart, failover), 500 for any other failure', async () => {
    const app = Fastify();
    installErrorHandler(app);
    app.get('/starting', async () => {
      throw Object.assign(new Error('the database system is starting up'), { code: '57P03' });
    });
    app.get('/cut', async () => {
      throw new Error('Connection terminated unexpectedly');
    });
    app.get('/bug', async () => {
      throw new TypeError('x is undefined');
    });
    for (const url of ['/starting', '/cut']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.json()).toEqual({ message: 'Database unavailable' });
    }
    const bn = await app.inject({ url: '/starting', headers: { 'accept-language': 'bn' } });
    expect(bn.json().message).toBe('ডাটাবেস এখন পাওয়া যাচ্ছে না');
    const bug = await app.inject({ url: '/bug' });
    expect(bug.statusCode).toBe(500);
    await app.close();
  });
});
