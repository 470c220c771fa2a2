import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint, lazy } from './endpoint';
import { getGames } from './player';

describe('lazy endpoint schemas (issue 31)', () => {
  it('builds a lazy field on its first read, once, and reads as the schema', () => {
    let built = 0;
    const e = endpoint({
      method: 'GET',
      path: '/api/x',
      auth: 'none',
      response: lazy(() => {
        built++;
        return z.object({ n: z.number() });
      }),
    });
    expect(built).toBe(0);
    expect(e.response.parse({ n: 1 })).toEqual({ n: 1 });
    expect(e.response).toBe(e.response);
    expect(built).toBe(1);
    expect(Object.keys(e)).toContain('response');
  });

  it("the contracts' endpoints read as schemas", () => {
    expect(getGames.response.safeParse({ games: [] }).success).toBe(true);
    expect(getGames.response).toBeInstanceOf(z.ZodType);
  });
});
