// The monolith: the shell and its five remotes built as one application without Module Federation, to measure
// what federation costs (bench/run.mjs, part "monolith"). It is the shell's own production config
// (shell/rspack.config.mjs: same entry, sources, index.html, preloads, compression) with these changes:
// the ModuleFederationPlugin is dropped, index.html's early fetch of a remote's manifest is off (empty table), and shell/src/federation/remotes.ts (which loads `<remote>/app`
// through the federation runtime) is replaced by ./remotes.mjs, which imports each remote's exposed module
// from its source. Routes still load each remote lazily (the shell's RemoteArea + a dynamic import per remote),
// so the code splitting matches the federated build; libraries exist once because there is one bundle graph.
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import shellConfig from '../../shell/rspack.config.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
// rspack is the shell's dependency (bench/package.json does not carry it)
const rspack = createRequire(path.join(root, 'shell/package.json'))('@rspack/core');
const federatedRemotes = path.join(root, 'shell/src/federation/remotes');

const MONOLITH_DIST = path.join(here, 'dist');

export default async (env = {}, argv = {}) => {
  const config = await shellConfig(env, { ...argv, mode: 'production' });
  config.plugins = config.plugins
    .filter((p) => p && p.constructor?.name !== 'ModuleFederationPlugin')
    // no manifests to fetch early: index.html's table of remote-owned paths is empty
    .map((p) => (p.constructor?.name === 'HtmlPlaceholdersPlugin' ? new p.constructor({ ...p.values, KHELA_ROUTE_REMOTES: '{}' }) : p));
  config.plugins.push(
    new rspack.NormalModuleReplacementPlugin(/(^|\/)remotes$/, (data) => {
      if (path.resolve(data.context ?? '', data.request) === federatedRemotes) data.request = path.join(here, 'remotes.mjs');
    }),
  );
  config.output = { ...config.output, path: MONOLITH_DIST, uniqueName: 'khela_monolith' };
  // rspack's default chunk splitting: the shell's one chunk of shared libraries (shell/rspack.config.mjs) would
  // gather the remotes' libraries too here, where they are ordinary modules, and put them on every page
  const { splitChunks: _federatedLibraries, ...optimization } = config.optimization ?? {};
  config.optimization = optimization;
  // the remotes' sources are built from here too: their own packages resolve from their folders (pnpm links the
  // same store copy, so each library still exists once)
  return config;
};
