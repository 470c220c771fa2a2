#!/usr/bin/env node
// Serves a built app folder with @fastify/static: CORS open (remotes are fetched cross-origin by the shell),
// the host (shell) falls back to index.html for client routes, and remotes.json can be replaced from env so one
// build runs in any environment.
//
//   node serve-static.mjs [dist] [--spa] [--port N]
//
// Defaults come from the one list of apps (apps.mjs), by the folder that holds `dist`: its port (PORT, else
// the app's own variable, else its default plus KHELA_PORT_OFFSET) and, for the host, --spa.
//
// Nothing is indexed at start: every request looks the file up on disk, so a rebuilt remote (even one whose
// dist folder was deleted and written again by the build's clean step) is served on the next reload. A
// malformed URL or a file that vanishes mid-rebuild costs one request (400 / 404), never the process.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import { appByDir, portOf } from './apps.mjs';

/** Never cached: what names the current build (a redeployed remote must be picked up on reload). */
const NO_CACHE = /(^|\/)(mf-manifest\.json|remoteEntry\.js|index\.html|remotes\.json)(\.br|\.gz)?$/;
/** Content-hashed by the build (federation.mjs: [name].[contenthash:8].js): safe to keep for a year. */
const HASHED = /\.[0-9a-f]{8}\.(js|css)(\.br|\.gz)?$/;

/**
 * @param {{ dir: string, spa?: boolean, remotesJson?: string, logLevel?: string }} o
 * @returns {import('fastify').FastifyInstance}
 */
export function createStaticServer(o) {
  const dir = path.resolve(o.dir);
  const app = Fastify({ logger: { level: o.logLevel ?? 'warn' } });

  app.addHook('onRequest', async (_req, reply) => {
    reply.header('Access-Control-Allow-Origin', '*');
  });

  if (o.remotesJson) {
    const body = o.remotesJson;
    app.get('/remotes.json', (_req, reply) => {
      reply.header('Cache-Control', 'no-cache').type('application/json').send(body);
    });
  }

  app.register(fastifyStatic, {
    root: dir,
    // a production build writes file.br and file.gz beside file (federation.mjs): the smallest one the browser
    // accepts is sent, else the file itself
    preCompressed: true,
    // our own Cache-Control below; etag and last-modified stay on, so a no-cache file costs a 304 when unchanged
    cacheControl: false,
    setHeaders(res, file) {
      const name = file.split(path.sep).join('/');
      // the same URL answers brotli, gzip or plain by Accept-Encoding: caches must keep them apart
      res.setHeader('Vary', 'Accept-Encoding');
      if (NO_CACHE.test(name)) res.setHeader('Cache-Control', 'no-cache');
      else if (HASHED.test(name)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    },
  });

  app.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split('?')[0] ?? '/';
    const last = pathname.slice(pathname.lastIndexOf('/') + 1);
    // a client route of the SPA: extension-less paths, plus the legacy desktop pages
    // (/page/site/component/appDownload.jsp, /page/guest/register.jsp) that look like files
    const clientRoute = !/\.\w+$/.test(last) || /\.jsp$/.test(last);
    if (o.spa && (req.method === 'GET' || req.method === 'HEAD') && clientRoute) {
      return reply.sendFile('index.html');
    }
    return reply.code(404).type('text/plain').send('Not found');
  });

  return app;
}

/** Reads the command line, finds the app in apps.mjs and listens. */
async function main(argv = process.argv.slice(2), env = process.env) {
  const dir = path.resolve(argv.find((a, i) => !a.startsWith('--') && argv[i - 1] !== '--port') ?? 'dist');
  if (!fs.existsSync(dir)) {
    console.error(`${dir} does not exist: build first`);
    process.exit(1);
  }
  const known = appByDir(path.dirname(dir));
  const portArg = argv.indexOf('--port');
  const port = Number(portArg >= 0 ? argv[portArg + 1] : (env.PORT ?? (known ? portOf(known.name, env) : 3000)));
  const spa = argv.includes('--spa') || known?.kind === 'host';
  const host = env.HOST ?? '127.0.0.1';
  const server = createStaticServer({ dir, spa, remotesJson: env.KHELA_REMOTES_JSON, logLevel: env.LOG_LEVEL });
  const address = await server.listen({ port, host });
  console.log(`serving ${dir} on ${address}`);
  const stop = () => server.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

if (process.argv[1] && fs.realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
