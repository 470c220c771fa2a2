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

describe("the player contracts' shared schemas are built on first use (issue 31)", async () => {
  const player = await import('./player');
  const schemas = Object.entries(player).filter(([, v]) => v instanceof z.ZodType) as [string, z.ZodType][];
  // an object schema that another schema extends stays eager (`.extend` needs the object itself)
  const EAGER_OBJECTS = ['fancyRowSchema', 'bookmakerRunnerSchema', 'homePopupSchema', 'exclusionOut', 'providerWalletsResponse'];

  it('every exported object schema is lazy, but those that are extended', () => {
    const eager = schemas.filter(([, s]) => s._zod.def.type === 'object').map(([name]) => name);
    expect(eager.sort()).toEqual([...EAGER_OBJECTS].sort());
    expect(schemas.filter(([, s]) => s._zod.def.type === 'lazy').length).toBeGreaterThan(60);
  });

  it('a lazy schema parses, refuses and infers as the schema it wraps', () => {
    const { userSchema, sportsEventsSchema } = player;
    expect(userSchema._zod.def.type).toBe('lazy');
    const bad = sportsEventsSchema.safeParse([{ EventId: 1 }]);
    expect(bad.success).toBe(false);
    expect(z.toJSONSchema(player.chatMessageSchema)).toMatchObject({ type: 'object' });
  });
});
