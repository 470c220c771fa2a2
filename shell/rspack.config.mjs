import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import rspack from '@rspack/core';
import { federatedAppConfig } from '@khela/build/federation.mjs';

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
 * the first paint. index.html preloads every file of that chain so they all download at once. Included: the chunk groups of `criticalImports` and of every shared module the shell
 * provides (the host always uses its own copies, and the home page needs them all); lazily loaded screens
 * are left out.
 */
class PreloadStartChunksPlugin {
  constructor(criticalImports) {
    this.criticalImports = criticalImports;
  }
  apply(compiler) {
    compiler.hooks.compilation.tap('PreloadStartChunksPlugin', (compilation) => {
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).alterAssetTagGroups.tapPromise('PreloadStartChunksPlugin', async (data) => {
        const publicPath = compilation.outputOptions.publicPath === 'auto' ? '' : (compilation.outputOptions.publicPath ?? '');
        const byImport = new Map();
        const shared = [];
        for (const group of compilation.chunkGroups) {
          const files = group.chunks.flatMap((c) => [...c.files]).filter((f) => f.endsWith('.js'));
          for (const origin of group.origins) {
            const id = origin.module?.identifier?.() ?? '';
            if (this.criticalImports.includes(origin.request)) byImport.set(origin.request, files);
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
        // Inserted by a script rather than written as <link> tags: the browser's preload scanner would issue
        // those before index.html's early /remotes.json request, which then waits for one of the six
        // connections to the host behind them; this way it goes first and the banner's chain is not delayed.
        const hrefs = JSON.stringify(ordered.map((file) => `${publicPath}${file}`));
        const preloads = {
          tagName: 'script',
          voidTag: false,
          attributes: {},
          innerHTML: `${hrefs}.forEach(function(h){var l=document.createElement('link');l.rel='preload';l.as='script';l.href=h;document.head.appendChild(l)})`,
        };
        // a deferred script is fetched at low priority; the entry must not queue behind its own preloads
        for (const tag of data.headTags) if (tag.tagName === 'script' && tag.attributes?.src) tag.attributes.fetchpriority = 'high';
        data.headTags.push(preloads);
        return data;
      });
    });
  }
}

/** Tells index.html's pre-paint whether this is the mobile-only branch (it then pre-paints nothing on desktop). */
class MobileOnlyFlagPlugin {
  constructor(mobileOnly) {
    this.mobileOnly = mobileOnly;
  }
  apply(compiler) {
    compiler.hooks.compilation.tap('MobileOnlyFlagPlugin', (compilation) => {
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).beforeEmit.tapPromise('MobileOnlyFlagPlugin', async (data) => {
        data.html = data.html.split('%KHELA_MOBILE_ONLY%').join(this.mobileOnly ? '1' : '0');
        return data;
      });
    });
  }
}

/**
 * Gives index.html's early script the table of which remote owns which first path segment, and which paths a visitor
 * may open (src/route-table.json, the same data src/routes.ts uses), so on a remote's page it starts that remote's manifest, entry and app chunks
 * while the shell's own bundles download, instead of after the shell has run and routed.
 */
class RouteRemotesPlugin {
  /** `owners`: another table of owners (the bench's monolith has no remotes: `{}`); default src/route-table.json's. */
  constructor(owners) {
    this.owners = owners;
  }
  apply(compiler) {
    compiler.hooks.compilation.tap('RouteRemotesPlugin', (compilation) => {
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).beforeEmit.tapPromise('RouteRemotesPlugin', async (data) => {
        const table = JSON.parse(readFileSync(path.join(dir, 'src/route-table.json'), 'utf8'));
        const owners = this.owners ?? table.owners;
        const byPath = Object.fromEntries(Object.entries(owners).flatMap(([remote, paths]) => paths.map((p) => [p, remote])));
        data.html = data.html
          .split('%KHELA_ROUTE_REMOTES%')
          .join(JSON.stringify(byPath))
          .split('%KHELA_OPEN_PATHS%')
          .join(JSON.stringify(table.open));
        return data;
      });
    });
  }
}

// KHELA_MOBILE_ONLY=1 builds the mobile-only branch (desktop root shows the coming-soon image).
export default (env, argv) => {
  const config = base(env, argv);
  const mobileOnly = process.env.KHELA_MOBILE_ONLY === '1';
  config.plugins.push(new rspack.DefinePlugin({ __KHELA_MOBILE_ONLY__: JSON.stringify(mobileOnly) }));
  config.plugins.push(new MobileOnlyFlagPlugin(mobileOnly));
  config.plugins.push(new RouteRemotesPlugin());
  // (every app's production build also writes .gz and .br files: shared/build/federation.mjs)
  if (config.mode === 'production') config.plugins.push(new PreloadStartChunksPlugin(['./bootstrap', './App']));
  return config;
};
