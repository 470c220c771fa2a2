import type { FastifyInstance } from 'fastify';
import {
  staffBulkGames,
  staffGames,
  staffGameTypes,
  staffProviders,
  staffReorderGames,
  staffUpdateGame,
  staffUpdateProvider,
  staffUpdateSystem,
} from '@khela/contracts';
import { registerEndpoint } from '../../http/endpoint';
import { auditActor } from '../../core/audit';
import * as catalogue from './service';

/** Back office, casino catalogue (games and providers enabled, featured, ordered): contracts in staff/content.ts. */
export default async function catalogueStaffRoutes(app: FastifyInstance) {
  const db = app.db;
  registerEndpoint(app, staffGames, async (req) => catalogue.listGames(db, req.query));
  registerEndpoint(app, staffUpdateGame, async (req) => db.tx((q) => catalogue.updateGame(q, auditActor(req), req.params.id, req.body)));
  registerEndpoint(app, staffBulkGames, async (req) => db.tx((q) => catalogue.bulkGames(q, auditActor(req), req.body)));
  registerEndpoint(app, staffReorderGames, async (req) =>
    db.tx((q) => catalogue.reorderGames(q, auditActor(req), req.body.ids, req.body.note)),
  );
  registerEndpoint(app, staffProviders, async (req) => catalogue.listProviders(db, req.query));
  registerEndpoint(app, staffUpdateProvider, async (req) =>
    db.tx((q) => catalogue.updateProvider(q, auditActor(req), req.params.id, req.body)),
  );
  registerEndpoint(app, staffUpdateSystem, async (req) =>
    db.tx((q) => catalogue.updateSystem(q, auditActor(req), req.params.platform, req.body)),
  );
  registerEndpoint(app, staffGameTypes, async () => catalogue.catalogueFilters(db));
}
