#!/usr/bin/env node
// Serves a built app folder: CORS open (remotes are fetched cross-origin by the shell),
// `--spa` falls back to index.html for client routes, and remotes.json is generated from env
// so one build runs in any environment.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import sirv from 'sirv';

const args = process.argv.slice(2);
const dir = path.resolve(args[0] ?? 'dist');
const spa = args.includes('--spa');
const portArg = args.indexOf('--port');
const port = Number(portArg >= 0 ? args[portArg + 1] : process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';

if (!fs.existsSync(dir)) {
  console.error(`${dir} does not exist: build first`);
  process.exit(1);
}

// a production build writes file.br and file.gz beside file (shared/build/federation.mjs): sirv sends brotli
// to browsers that accept it, else gzip
const makeAssets = () => sirv(dir, { dev: false, single: spa, etag: true, gzip: true, brotli: true,
  setHeaders(res, pathname) {
    // manifests and entries must never be cached, so a redeployed remote is picked up on reload
    if (/mf-manifest\.json$|remoteEntry\.js$|index\.html$|remotes\.json$/.test(pathname) || pathname === '/') {
      res.setHeader('Cache-Control', 'no-cache');
    } else if (/\.[0-9a-f]{8}\.js$/.test(pathname)) {
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    }
  } });
let assets = makeAssets();

// a rebuild replaces the hashed files: re-index shortly after the folder changes, so a redeployed
// remote is served on the next reload without restarting this server. The folder's own stat is polled
// (an fs.watch handle dies silently when a build's clean step replaces the folder); its mtime changes
// whenever a file is added or removed, e.g. the .br/.gz files written at the end of a build; files whose
// names carry no hash (and may be rewritten in place) are stat-ed themselves.
const UNHASHED = ['index.html', 'remoteEntry.js', 'mf-manifest.json'].flatMap((f) => [f, `${f}.gz`, `${f}.br`]);
const folderSignature = () => {
  try {
    const d = fs.statSync(dir);
    const files = UNHASHED.map((f) => fs.statSync(path.join(dir, f), { throwIfNoEntry: false })?.mtimeMs ?? 0);
    return `${d.ino}:${d.mtimeMs}:${files.join(':')}`;
  } catch {
    return 'missing';
  }
};
let indexed = folderSignature();
let reindex;
setInterval(() => {
  const now = folderSignature();
  if (now === indexed || now === 'missing') return;
  indexed = now;
  // wait for the build to settle a little before reading the folder
  clearTimeout(reindex);
  reindex = setTimeout(() => {
    indexed = folderSignature();
    assets = makeAssets();
  }, 300);
}, 500).unref();

// a file deleted mid-rebuild must cost one request, not the server
process.on('uncaughtException', (err) => {
  if (err && err.code === 'ENOENT') {
    console.warn(`[serve] ${err.path ?? 'file'} vanished during a rebuild`);
    return;
  }
  console.error(err);
  process.exit(1);
});

http
  .createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (req.url?.startsWith('/remotes.json') && process.env.KHELA_REMOTES_JSON) {
      res.setHeader('Content-Type', 'application/json');
      res.setHeader('Cache-Control', 'no-cache');
      res.end(process.env.KHELA_REMOTES_JSON);
      return;
    }
    // the legacy desktop paths (/page/site/component/appDownload.jsp, /page/guest/register.jsp) look like
    // files to sirv, which only falls back to index.html for extension-less paths: rewrite them to the SPA
    if (spa && /\.jsp(\?|$)/.test(req.url ?? '')) req.url = '/index.html';
    assets(req, res, () => {
      // a file the index does not know but the disk has: the folder was replaced by a rebuild (the
      // watcher above follows the old folder), so index it again once and serve it
      const file = path.join(dir, decodeURIComponent((req.url ?? '/').split('?')[0]));
      if (file.startsWith(dir) && fs.existsSync(file) && fs.statSync(file).isFile()) {
        assets = makeAssets();
        assets(req, res, () => {
          res.statusCode = 404;
          res.end('Not found');
        });
        return;
      }
      res.statusCode = 404;
      res.end('Not found');
    });
  })
  .listen(port, host, () => console.log(`serving ${dir} on http://${host}:${port}`));
