import { describe, expect, it } from 'vitest';
import { InProcessBroker, PgNotifyBroker, type PushBroker } from './broker';
import { createPushService } from './service';
import { memoryDb, otherProcessDb, postgresAvailable, postgresDb } from '../testing/helpers';
import type { Db } from '../db';

/*
 * Issue 34: a content change staff publish (publishContent) reaches every open stream of every API process: each
 * process relays the broker's content channel to its own streams as a broadcast.
 */

function heardBy(service: ReturnType<typeof createPushService>) {
  return new Promise<[string, unknown]>((resolve) => {
    const off = service.subscribeBroadcast((topic, payload) => {
      off();
      resolve([topic, payload]);
    });
  });
}

const pgUp = await postgresAvailable();

describe('content push', () => {
  it('one process (PGlite): reaches the streams of the process', async () => {
    const db = await memoryDb();
    const broker = new InProcessBroker();
    const service = createPushService(db, broker);
    const heard = heardBy(service);
    await service.publishContent({ section: 'promotions' });
    expect(await heard).toEqual(['content', { section: 'promotions' }]);
    await db.close();
  });

  it.skipIf(!pgUp)('several processes (PostgreSQL, LISTEN/NOTIFY): published in one, heard by the streams of the other', async () => {
    // two processes on one database (NOTIFY reaches the listeners of its own database)
    const a = await postgresDb();
    const b = await otherProcessDb(a);
    const channel = `khela_push_content_${Date.now()}`;
    const brokers: PushBroker[] = [new PgNotifyBroker(a as Db, channel), new PgNotifyBroker(b as Db, channel)];
    await Promise.all(brokers.map((x) => (x as PgNotifyBroker).start()));
    const [first, second] = [createPushService(a, brokers[0]!), createPushService(b, brokers[1]!)];
    const heard = Promise.all([heardBy(first), heardBy(second)]);
    await first.publishContent({ section: 'general' });
    expect(await heard).toEqual([
      ['content', { section: 'general' }],
      ['content', { section: 'general' }],
    ]);
    await Promise.all(brokers.map((x) => x.close()));
    await b.close();
    await a.drop();
  });
});
