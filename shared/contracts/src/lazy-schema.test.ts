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

describe('the push topics and the bus events are built on first use (issue 31)', async () => {
  const { pushTopics, busEvents } = await import('./player');

  it('every topic and every event payload is a lazy schema', () => {
    for (const [topic, schema] of Object.entries(pushTopics)) expect(schema._zod.def.type, topic).toBe('lazy');
    for (const [name, event] of Object.entries(busEvents)) expect(event.payload._zod.def.type, name).toBe('lazy');
  });

  it('still checks what is pushed and published', () => {
    expect(pushTopics.balance.safeParse({ balance: '10.00', currency: 'BDT' }).success).toBe(true);
    expect(pushTopics.balance.safeParse({ balance: 10, currency: 'BDT' }).success).toBe(false);
    expect(pushTopics.account.safeParse({ status: 'active', exchange_market: 2, cs_market: 0 }).success).toBe(false);
    expect(busEvents.logout.payload.safeParse({ reason: 'user' }).success).toBe(true);
    expect(busEvents.logout.payload.safeParse({ reason: 'bored' }).success).toBe(false);
    // a push topic and its bus event are one schema
    expect(busEvents.odds.payload).toBe(pushTopics.odds);
  });
});
