import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import rspack from '@rspack/core';
import { serializeStyles } from '@emotion/serialize';
import { tsImport } from 'tsx/esm/api';
import { federatedAppConfig, sourceRule } from '@khela/build/federation.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));

// The host: no remotes at build time; they come from /remotes.json at run time. Name, port and title come
// from shared/build/apps.mjs. The runtime plugins retry a failed manifest or chunk, then log the failure.
const base = federatedAppConfig({
  dir,
  runtimePlugins: ['src/federation/retry-plugin.ts', 'src/federation/fallback-plugin.ts'],
});

/**
 * The shell's start is a chain of dynamic imports (main -> bootstrap -> shared singletons -> App), each
 * found only after the previous file ran: on a 150 ms phone link that is several round trips before
 * the first paint. index.html's early script (src/early/script.ts) preloads every file of that chain so they all
 * download at once; this plugin writes their lists into its data block (`%KHELA_START_CHUNKS%`). Included: the chunk
 * groups of `criticalImports` and of every shared module the shell provides (the host always uses its own copies, and
 * the home page needs them all); lazily loaded screens are left out.
 */
class PreloadStartChunksPlugin {
  /**
   * @param {string[]} criticalImports the start chain, preloaded on every page
   * @param {string[]} remotePageImports preloaded too when the early script starts a remote (a remote's page), e.g. the
   * parcel host RemoteArea, otherwise found only after the shell routed
   * @param {string[]} homeImports preloaded too on the home page (`/`): the home screen's own chunk
   */
  constructor(criticalImports, remotePageImports = [], homeImports = []) {
    this.criticalImports = criticalImports;
    this.remotePageImports = remotePageImports;
    this.homeImports = homeImports;
  }
  apply(compiler) {
    compiler.hooks.compilation.tap('PreloadStartChunksPlugin', (compilation) => {
      const hooks = rspack.HtmlRspackPlugin.getCompilationHooks(compilation);
      let lists = '{}';
      hooks.alterAssetTagGroups.tapPromise('PreloadStartChunksPlugin', async (data) => {
        const publicPath = compilation.outputOptions.publicPath === 'auto' ? '' : (compilation.outputOptions.publicPath ?? '');
        const byImport = new Map();
        const shared = [];
        for (const group of compilation.chunkGroups) {
          const files = group.chunks.flatMap((c) => [...c.files]).filter((f) => f.endsWith('.js'));
          for (const origin of group.origins) {
            const id = origin.module?.identifier?.() ?? '';
            if ([this.criticalImports, this.remotePageImports, this.homeImports].some((list) => list.includes(origin.request)))
              byImport.set(origin.request, files);
            else if (id.startsWith('provide shared module')) shared.push(...files);
          }
        }
        // bootstrap first, then the shared libraries, then the app, each file once
        const ordered = [
          ...new Set([
            ...(byImport.get(this.criticalImports[0]) ?? []),
            ...shared,
            ...this.criticalImports.slice(1).flatMap((r) => byImport.get(r) ?? []),
          ]),
        ];
        const started = new Set(ordered);
        const more = (imports) => [...new Set(imports.flatMap((r) => byImport.get(r) ?? []))].filter((f) => !started.has(f));
        const href = (file) => `${publicPath}${file}`;
        // "<" escaped: the lists sit in a <script> data block
        lists = JSON.stringify({
          start: ordered.map(href),
          remotePage: more(this.remotePageImports).map(href),
          home: more(this.homeImports).map(href),
        }).replace(/</g, '\\u003c');
        // a deferred script is fetched at low priority; the entry must not queue behind its own preloads
        for (const tag of data.headTags) if (tag.tagName === 'script' && tag.attributes?.src) tag.attributes.fetchpriority = 'high';
        return data;
      });
      hooks.beforeEmit.tapPromise('PreloadStartChunksPlugin', async (data) => {
        data.html = data.html.split('%KHELA_START_CHUNKS%').join(lists);
        return data;
      });
    });
  }
}

/**
 * Fills index.html's build-time placeholders (`%NAME%`, every one of `values`). The shell's are KHELA_EARLY_SCRIPT (the
 * early script, compiled from src/early/script.ts), KHELA_ROUTE_REMOTES (which remote owns which first path segment,
 * from src/route-table.json, the data src/routes.ts uses: on a remote's page the early script starts that remote's
 * manifest, entry and app chunks while the shell's own bundles download; the bench's monolith replaces it with `{}`) and
 * KHELA_PAGE_CSS. (KHELA_START_CHUNKS is PreloadStartChunksPlugin's in a production build.)
 */
class HtmlPlaceholdersPlugin {
  constructor(values) {
    this.values = values;
  }
  apply(compiler) {
    compiler.hooks.compilation.tap('HtmlPlaceholdersPlugin', (compilation) => {
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).beforeEmit.tapPromise('HtmlPlaceholdersPlugin', async (data) => {
        for (const [name, value] of Object.entries(this.values)) data.html = data.html.split(`%${name}%`).join(value);
        return data;
      });
    });
  }
}

/**
 * index.html's early script (src/early/entry.ts): compiled on its own (no federation runtime, no chunk loading) into
 * one small classic script for the page's <head>, for the same browsers as the bundles.
 */
async function earlyScript() {
  const out = mkdtempSync(path.join(os.tmpdir(), 'khela-early-'));
  try {
    const stats = await new Promise((resolve, reject) =>
      rspack(
        {
          name: 'early',
          mode: 'production',
          target: ['web', 'es2020'],
          context: dir,
          entry: './src/early/entry.ts',
          output: { path: out, filename: 'early.js', iife: true, publicPath: '' },
          resolve: { extensions: ['.ts', '.js', '.json'] },
          module: { rules: [sourceRule(false)] },
          optimization: { splitChunks: false, runtimeChunk: false },
          devtool: false,
          performance: { hints: false },
        },
        (err, result) => (err ? reject(err) : resolve(result)),
      ),
    );
    if (stats.hasErrors()) throw new Error(stats.toString({ all: false, errors: true }));
    const code = readFileSync(path.join(out, 'early.js'), 'utf8').trim();
    if (/<\/script/i.test(code)) throw new Error('the early script must not contain </script');
    return code;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/**
 * The placeholders' values for this build. KHELA_PAGE_CSS is the page's own colours before any script (the static
 * server's pages), from the box the React layout is styled with (src/layout/first-screen.ts, loaded through tsx), as
 * emotion serialises it.
 */
async function htmlPlaceholders() {
  const table = JSON.parse(readFileSync(path.join(dir, 'src/route-table.json'), 'utf8'));
  const byPath = Object.fromEntries(Object.entries(table.owners).flatMap(([remote, paths]) => paths.map((p) => [p, remote])));
  const { pageCss } = await tsImport('./src/layout/first-screen.ts', import.meta.url);
  return {
    KHELA_EARLY_SCRIPT: await earlyScript(),
    KHELA_ROUTE_REMOTES: JSON.stringify(byPath),
    KHELA_PAGE_CSS: pageCss((styles) => serializeStyles([styles]).styles),
  };
}

// KHELA_MOBILE_ONLY=1 builds the mobile-only branch (desktop root shows the coming-soon image).
export default async (env, argv) => {
  const config = base(env, argv);
  const mobileOnly = process.env.KHELA_MOBILE_ONLY === '1';
  config.plugins.push(new rspack.DefinePlugin({ __KHELA_MOBILE_ONLY__: JSON.stringify(mobileOnly) }));
  const production = config.mode === 'production';
  // the start chain's lists come from PreloadStartChunksPlugin in a production build; none in development
  const values = await htmlPlaceholders();
  config.plugins.push(new HtmlPlaceholdersPlugin(production ? values : { ...values, KHELA_START_CHUNKS: '{}' }));
  // (every app's production build also writes .gz and .br files: shared/build/federation.mjs)
  if (production) {
    config.plugins.push(new PreloadStartChunksPlugin(['./bootstrap', './App'], ['./federation/RemoteArea'], ['./Home']));
    // Every library the shell provides to the page (npm packages, @khela/web, @khela/contracts and the trimmed
    // shared entries of shared/build) goes into one chunk. By default each shared module is its own chunk: the home
    // page fetched 26 script files, 6 at a time over HTTP/1.1, one round trip per wave, and 20 small files compress
    // worse than one. Every one of these libraries is on the home page anyway (the host uses its own copies); a remote
    // asking the share scope for one gets the chunk already loaded (a library only a lazy screen uses would come at
    // start too: leave it out of the test, as embla). Measured with Lighthouse (mobile, 3 alternated
    // runs): home 277 -> 227 KB, LCP 3.44 -> 3.03 s; /games 301 -> 251 KB, LCP 3.91 -> 3.31 s.
    config.optimization = {
      ...config.optimization,
      // NO_MINIFY=1: readable, one function per module, so a browser profile names each module's evaluation time
      ...(process.env.NO_MINIFY ? { minimize: false, concatenateModules: false } : {}),
      splitChunks: {
        chunks: 'async',
        cacheGroups: {
          libraries: {
            // but the banner carousel's embla: only the home screen and /promotions use it, it comes with them
            test: /[\\/](node_modules[\\/](?!(\.pnpm[\\/])?embla-carousel)|shared[\\/](web|contracts|build)[\\/])/,
            name: 'libs',
            chunks: 'async',
            enforce: true,
            priority: 10,
          },
        },
      },
    };
  }
  return config;
};
