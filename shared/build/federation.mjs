// Build configuration every app (shell and remotes) uses, so the shared-singleton list and the
// loaders cannot drift apart between independently deployed packages.
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import rspack from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { appByDir, portOf, remotesConfig } from './apps.mjs';

const require = createRequire(import.meta.url);
// the versions of the shared singletons are the browser runtime's own (@khela/web)
const sharedPkg = require('../web/package.json');
const contractsPkg = require('../contracts/package.json');
const buildDir = path.dirname(new URL(import.meta.url).pathname);

/** An installed package's folder (package.json is not always in a package's exports map). */
function packageDir(name) {
  // from @khela/web, whose dependencies the shared singletons are (shared/build itself does not declare them)
  let dir = path.dirname(webRequire.resolve(name));
  while (
    !fs.existsSync(path.join(dir, 'package.json')) ||
    JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).name !== name
  ) {
    dir = path.dirname(dir);
  }
  return dir;
}
// packages only @khela/web depends on, resolved from its folder
const webRequire = createRequire(path.join(buildDir, '../web/package.json'));
const webPackageVersion = (name) => {
  let dir = path.dirname(webRequire.resolve(name));
  while (
    !fs.existsSync(path.join(dir, 'package.json')) ||
    JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).name !== name
  ) {
    dir = path.dirname(dir);
  }
  return JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
};
const packageVersion = (name) => JSON.parse(fs.readFileSync(path.join(packageDir(name), 'package.json'), 'utf8')).version;

/**
 * Singletons shared through a trimmed entry (build/<name>-shared.mjs) instead of the whole package: a
 * shared module is bundled whole, and most of these packages is code the apps never call. The entry
 * re-exports the used part from '@khela/<name>-package', an alias of the real package (a request for the
 * package's own name would be the shared module again). Apps keep importing the package by its name;
 * shell/src/federation/shared-entries.test.ts fails when an app imports a name an entry lacks.
 */
const TRIMMED = {
  'react-router': 'dist/production/index.mjs',
  rxjs: 'dist/esm/index.js',
  'react-i18next': 'dist/es/index.js',
  zod: 'index.js',
};
const trimmedAliases = () =>
  Object.fromEntries(Object.entries(TRIMMED).map(([name, file]) => [`@khela/${name}-package$`, path.join(packageDir(name), file)]));

/** Libraries that must exist once in the browser. */
export function sharedSingletons() {
  const v = (name) => sharedPkg.dependencies[name] ?? false;
  const single = (name) => ({ singleton: true, requiredVersion: v(name) });
  const trimmed = (name) => ({ ...single(name), import: path.join(buildDir, `${name}-shared.mjs`), version: packageVersion(name) });
  return {
    react: single('react'),
    'react/jsx-runtime': { singleton: true, requiredVersion: v('react') },
    'react-dom': single('react-dom'),
    'react-dom/client': { singleton: true, requiredVersion: v('react-dom') },
    'react-router': trimmed('react-router'),
    rxjs: trimmed('rxjs'),
    '@emotion/react': single('@emotion/react'),
    '@emotion/react/jsx-runtime': { singleton: true, requiredVersion: v('@emotion/react') },
    '@emotion/styled': single('@emotion/styled'),
    i18next: single('i18next'),
    // @khela/web's API client has it; mf-exchange also fetches the sandbox feed with it (its own copy was a chunk the
    // manifest does not list under the exposed app, so it started only when the app was asked for)
    ofetch: single('ofetch'),
    'react-i18next': trimmed('react-i18next'),
    // zod and the contracts once per page: without them every remote page downloaded its own zod (24 KB
    // brotli) and contracts (12 KB) a second time beside the shell's. zod through a trimmed entry (shared whole
    // it would be 388 KB with every locale); the contracts through their player-site part (src/player.ts: all but
    // the back-office schemas, which no federated app uses).
    zod: trimmed('zod'),
    '@khela/contracts': {
      singleton: true,
      requiredVersion: `^${contractsPkg.version}`,
      version: contractsPkg.version,
      import: path.join(buildDir, '../contracts/src/player.ts'),
    },
    // the page's server-state cache (one QueryClient, made by the page runtime and handed to every app in HostProps):
    // the library once per page, resolved from @khela/web, whose dependency it is (the apps do not import it)
    '@tanstack/react-query': {
      singleton: true,
      requiredVersion: v('@tanstack/react-query'),
      version: webPackageVersion('@tanstack/react-query'),
      import: webRequire.resolve('@tanstack/react-query'),
    },
    // the browser runtime: one session, one bus, one i18n instance, one API client per page
    '@khela/web': { singleton: true, requiredVersion: false, version: sharedPkg.version },
  };
}

/**
 * Writes file.gz and file.br beside every text asset of a production build; the static server
 * (serve-static.mjs) sends the smallest one the browser accepts. On a 1.6 Mbps phone link this cuts
 * the first load by about two thirds (brotli saves a further ~15% over gzip on JavaScript).
 */
export class PrecompressPlugin {
  apply(compiler) {
    compiler.hooks.afterEmit.tap('PrecompressPlugin', () => {
      const out = compiler.options.output.path;
      const walk = (d) =>
        fs.readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : [path.join(d, e.name)]));
      for (const file of walk(out)) {
        // manifests and remotes.json stay plain: they are tiny, never cached, and remotes.json is replaced per environment
        if (!/\.(js|css|html|json|svg|ttf)$/.test(file) || /mf-manifest|mf-stats|remotes\.json/.test(file)) continue;
        const raw = fs.readFileSync(file);
        if (raw.length < 1024) continue;
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(raw, { level: 9 }));
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(raw, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
          }),
        );
      }
    });
  }
}

/**
 * /remotes.json of the shell and the back office, written from the one list of apps (apps.mjs) with the default ports. The static
 * server replaces it per environment with KHELA_REMOTES_JSON (e2e/scripts/start-all.mjs sets it).
 */
export class RemotesJsonPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('RemotesJsonPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'RemotesJsonPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        const json = `${JSON.stringify(remotesConfig({}), null, 2)}\n`;
        compilation.emitAsset('remotes.json', new rspack.sources.RawSource(json));
      });
    });
  }
}

/** TypeScript and JSX through rspack's built-in swc, emotion's JSX runtime, the browsers the site supports. */
export function sourceRule(dev) {
  return {
    test: /\.[jt]sx?$/,
    exclude: /node_modules/,
    loader: 'builtin:swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', importSource: '@emotion/react', development: dev } },
      },
      env: { targets: 'chrome >= 100, safari >= 15, firefox >= 100' },
    },
    type: 'javascript/auto',
  };
}

/** Font files (the kit's Bengali font, ui/fonts.ts): emitted beside the bundle with a content hash, imported as a URL. */
export const fontRule = { test: /\.woff2?$/i, type: 'asset/resource' };

/**
 * An app's build. Its name, kind, port and title come from apps.mjs, found by the app's folder.
 * @param {{ dir: string, exposes?: Record<string,string>, runtimePlugins?: string[], copyPublic?: boolean, ssr?: string }} options
 * runtimePlugins: Module Federation runtime plugin files, relative to `dir`. ssr: a remote's server-render module (relative to
 * `dir`), exposed as `./ssr` by its Node container (nodeContainerConfig).
 */
export function federatedAppConfig(options) {
  const app = appByDir(options.dir);
  if (!app || app.kind === 'server') throw new Error(`${options.dir} is not a web app of shared/build/apps.mjs`);
  const o = { ...options, name: app.name, host: app.kind === 'host', title: app.title, port: Number(process.env.PORT ?? portOf(app.name)) };
  return (_env, argv) => {
    const mode = argv?.mode ?? 'production';
    // A remote's production build is two compilations into one folder: the container the shell loads (remoteEntry.js
    // and the exposed app) uses the shell's federation runtime, and the standalone QA page keeps its own. One runtime
    // per page instead of one per remote: remoteEntry.js drops from 27.3 to 12.6 KB (brotli). The development
    // server keeps one compilation with its own runtime (the shell's is then simply not used).
    if (!o.host && mode === 'production') {
      return [
        appConfig(o, mode, 'container'),
        { ...appConfig(o, mode, 'standalone'), dependencies: ['container'] },
        ...(o.ssr ? [{ ...nodeContainerConfig(o), dependencies: ['container'] }] : []),
      ];
    }
    return appConfig(o, mode, 'whole');
  };
}

/**
 * What a remote's Node container takes from the render server that loads it (shell/server/remotes.ts provides each):
 * never bundled in the container (`import: false`), so one React renders the page, and one @khela/web (its i18n, and the
 * page runtime of the request) serves the shell and every remote on the server. The browser's list minus what only
 * the browser needs (react-dom/client) or what no remote imports on the server.
 */
export const SERVER_SHARED = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-router',
  '@emotion/react',
  '@emotion/react/jsx-runtime',
  '@emotion/styled',
  'i18next',
  'react-i18next',
  '@tanstack/react-query',
  'zod',
  'ofetch',
  '@khela/contracts',
  '@khela/web',
  // the exchange's live prices (its odds stream's subjects): 330 KB a container would load again into the process
  'rxjs',
];

/**
 * A remote's Node container (issue 31, shell/README.md "Server rendering"): `options.ssr` exposed as `./ssr`, as a
 * CommonJS federation container for Node (target async-node) in dist/server with its own mf-manifest.json, beside the
 * browser container of the same build. The shell's render server loads it at run time from
 * `<the remote's manifest folder>/server/mf-manifest.json`; its chunks come over HTTP through @module-federation/node's
 * runtime plugin (fetch + vm, resolved beside the remote entry), so a remote still deploys alone.
 */
function nodeContainerConfig(o) {
  return {
    name: 'server',
    mode: 'production',
    target: 'async-node',
    context: o.dir,
    entry: {},
    devtool: false,
    output: {
      path: path.join(o.dir, 'dist/server'),
      // 'auto' is refused in Node; '' makes the node runtime plugin resolve chunks beside the loaded remote entry
      publicPath: '',
      uniqueName: `${o.name}_server`,
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:8].js',
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.jsx', '.js', '.json'] },
    module: {
      rules: [
        sourceRule(false),
        // the browser build writes these (same content hash)
        { test: /\.(png|jpe?g|gif|svg|webp)$/i, type: 'asset', generator: { emit: false } },
        { ...fontRule, generator: { emit: false } },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name: o.name,
        filename: 'remoteEntry.js',
        exposes: { './ssr': o.ssr },
        library: { type: 'commonjs-module', name: o.name },
        remoteType: 'script',
        remotes: {},
        manifest: true,
        dts: false,
        shareStrategy: 'loaded-first',
        shared: Object.fromEntries(SERVER_SHARED.map((name) => [name, { singleton: true, requiredVersion: false, import: false }])),
        runtimePlugins: [require.resolve('@module-federation/node/runtimePlugin')],
      }),
      new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify('production'), __KHELA_APP__: JSON.stringify(o.name) }),
    ],
    performance: { hints: false },
    optimization: { minimize: false },
  };
}

/**
 * One compilation of an app. part 'whole': everything (the shell; a remote in development); 'container': a remote's
 * remoteEntry.js and exposes, on the host's runtime (experiments.externalRuntime); 'standalone': a remote's QA page
 * (main entry, index.html, public files) with a runtime of its own, written after the container into the same folder.
 */
function appConfig(o, mode, part) {
  const dev = mode === 'development';
  const container = part !== 'standalone';
  const page = part !== 'container';
  // the QA page is a federation host and a chunk loader of its own (both compilations write into dist)
  const name = part === 'standalone' ? `${o.name}_standalone` : o.name;
  return {
    name: part,
    mode,
    context: o.dir,
    entry: page ? { main: './src/index.ts' } : {},
    devtool: dev ? 'eval-cheap-module-source-map' : 'source-map',
    output: {
      path: path.join(o.dir, 'dist'),
      // remotes load their chunks from their own origin, wherever the manifest says they live
      publicPath: o.host ? '/' : 'auto',
      uniqueName: name,
      filename: dev ? '[name].js' : '[name].[contenthash:8].js',
      chunkFilename: dev ? '[name].js' : '[name].[contenthash:8].js',
      chunkLoadTimeout: 120_000,
      // the standalone compilation runs second and keeps the container's files
      clean: part !== 'standalone',
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.jsx', '.js', '.json'],
      // the real packages behind the trimmed shared entries (see TRIMMED)
      alias: trimmedAliases(),
    },
    module: {
      rules: [sourceRule(dev), { test: /\.(png|jpe?g|gif|svg|webp)$/i, type: 'asset' }, fontRule],
    },
    plugins: [
      new ModuleFederationPlugin({
        name,
        ...(o.exposes && container ? { filename: 'remoteEntry.js', exposes: o.exposes } : {}),
        // the shell learns where remotes are at run time (remotes.json), never at build time
        remotes: {},
        manifest: container,
        dts: false,
        shareStrategy: 'loaded-first',
        shared: sharedSingletons(),
        experiments: {
          // browser-only apps: leave the federation runtime's Node.js code paths out of every bundle
          optimization: { target: 'web' },
          // the shell hands its runtime to the remotes' containers (globalThis._FEDERATION_RUNTIME_CORE)
          ...(o.host ? { provideExternalRuntime: true } : {}),
          ...(part === 'container' ? { externalRuntime: true } : {}),
        },
        ...(o.runtimePlugins ? { runtimePlugins: o.runtimePlugins.map((p) => path.join(o.dir, p)) } : {}),
      }),
      page &&
        new rspack.HtmlRspackPlugin({
          // the shell has its own page; a remote's page is only the standalone QA host, the same for all
          template: fs.existsSync(path.join(o.dir, 'index.html'))
            ? path.join(o.dir, 'index.html')
            : fileURLToPath(new URL('./remote-standalone.html', import.meta.url)),
          // absolute script URLs, so a deep link such as /chat-box/12 on the standalone page still loads
          publicPath: '/',
          title: o.title ?? o.name,
          chunks: ['main'],
        }),
      new rspack.DefinePlugin({
        'process.env.NODE_ENV': JSON.stringify(mode),
        __KHELA_APP__: JSON.stringify(o.name),
      }),
      page &&
        o.copyPublic !== false &&
        new rspack.CopyRspackPlugin({ patterns: [{ from: path.join(o.dir, 'public'), noErrorOnMissing: true }] }),
      o.host && new RemotesJsonPlugin(),
      !dev && part !== 'container' && new PrecompressPlugin(),
    ].filter(Boolean),
    devServer: {
      port: o.port,
      host: '127.0.0.1',
      hot: true,
      allowedHosts: 'all',
      historyApiFallback: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
    },
    // lazy compilation breaks Module Federation's async boundary in dev
    lazyCompilation: false,
    performance: { hints: false },
    optimization: { minimize: !dev },
  };
}
