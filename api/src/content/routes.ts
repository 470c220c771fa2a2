import type { FastifyInstance } from 'fastify';
import {
  getGames,
  getGeneral,
  getLogo,
  getMarketBlock,
  getPaymentMethods,
  getPromotion,
  getPromotions,
  getProviders,
  getSliders,
  getSocialLinks,
  getSystems,
  isPromotionalBanner,
} from '@khela/contracts';
import { registerEndpoint, requirePlayer } from '../http/endpoint';
import { requestLocale } from '../http/locale';
import { NotFound } from '../errors';
import { marketingClosed } from '../core/linked';
import * as content from './service';

/** The spec's content calls (docs/README.md#spec-7), the game catalogue, the player's market flags. */
export default async function contentRoutes(app: FastifyInstance) {
  const db = app.db;
  // Staff change these in the back office: a browser must ask again on every page load (no heuristic caching), so
  // maintenance, a new promotion or slider shows at the next load without a rebuild. Hooks here stay in this plugin.
  app.addHook('onSend', async (req, reply) => {
    if (req.method === 'GET' && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-cache');
    // staff's texts are read in the player's language (Accept-Language; English where the Bangla is missing)
    if (req.method === 'GET') reply.header('vary', 'Accept-Language');
  });
  registerEndpoint(app, getLogo, async () => content.logos(db));
  registerEndpoint(app, getGeneral, async (req) => content.generalSettings(db, requestLocale(req)));
  // an excluded player sees no promotions or bonus banners (core/linked.ts marketingClosed)
  const closed = async (req: { player?: { id: number } | null }) => Boolean(req.player && (await marketingClosed(db, req.player.id)));
  registerEndpoint(app, getSliders, async (req) => {
    const all = await content.sliders(db, requestLocale(req));
    const shown = (await closed(req)) ? all.filter((s: any) => !isPromotionalBanner({ ...s, name: s.name_en })) : all;
    return shown.map(({ name_en: _en, ...s }: any) => s);
  });
  registerEndpoint(app, getSocialLinks, async () => content.socialLinks(db));
  registerEndpoint(app, getPaymentMethods, async () => content.paymentMethods(db));
  registerEndpoint(app, getPromotions, async (req) => ((await closed(req)) ? [] : content.promotions(db, requestLocale(req))));
  registerEndpoint(app, getPromotion, async (req) => {
    if (await closed(req)) throw new NotFound('Promotion not found');
    return content.promotion(db, req.params.id, requestLocale(req));
  });
  registerEndpoint(app, getMarketBlock, async (req) => content.marketFlags(db, requirePlayer(req).id));
  registerEndpoint(app, getSystems, async (req) => ({ systems: await content.systemsWithGames(db, req.query.type) }));
  registerEndpoint(app, getProviders, async (req) => ({ data: await content.providersOf(db, req.query.system) }));
  registerEndpoint(app, getGames, async (req) => ({ games: await content.games(db, req.query.type, req.query.system) }));

  // The content's version (sql/0940_content_version.sql: bumped in the transaction of any change to the content
  // tables): the shell's render servers drop their page cache when it moves (shell/README.md "Production serving").
  // Not a player's call (no contract): a cheap read, asked at most once a second per render process.
  app.get(
    '/api/content/version',
    {
      schema: {
        tags: ['content'],
        summary: "The content's version: a counter that moves with any change staff make to the site's content",
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return { version: await content.contentVersion(db) };
    },
  );
}
