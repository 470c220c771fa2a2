import { fileURLToPath } from 'node:url';
import path from 'node:path';
import rspack from '@rspack/core';
import { app, portOf } from '@khela/build/apps.mjs';
import { PrecompressPlugin, RemotesJsonPlugin, fontRule, sourceRule } from '@khela/build/federation.mjs';

// The back office is its own application (staff on desktops), not a remote of the site: no Module Federation,
// one bundle with its own copies of the libraries. Name, port and title come from shared/build/apps.mjs.
const dir = path.dirname(fileURLToPath(import.meta.url));
const me = app('backoffice');

export default (_env, argv) => {
  const mode = argv?.mode ?? 'production';
  const dev = mode === 'development';
  return {
    mode,
    context: dir,
    entry: { main: './src/index.ts' },
    devtool: dev ? 'eval-cheap-module-source-map' : 'source-map',
    output: {
      path: path.join(dir, 'dist'),
      publicPath: '/',
      filename: dev ? '[name].js' : '[name].[contenthash:8].js',
      chunkFilename: dev ? '[name].js' : '[name].[contenthash:8].js',
      clean: true,
    },
    // staff on desktops over office links: one larger bundle is fine (the player site's budgets do not apply)
    performance: { hints: false },
    resolve: { extensions: ['.tsx', '.ts', '.jsx', '.js', '.json'] },
    module: {
      rules: [sourceRule(dev), fontRule],
    },
    plugins: [
      new rspack.HtmlRspackPlugin({ template: path.join(dir, 'index.html'), publicPath: '/', title: me.title }),
      new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(mode), __KHELA_APP__: JSON.stringify(me.name) }),
      // where the API is, with the default ports; the static server replaces it per environment (KHELA_REMOTES_JSON)
      new RemotesJsonPlugin(),
      !dev && new PrecompressPlugin(),
    ].filter(Boolean),
    devServer: { port: portOf(me.name), host: '127.0.0.1', historyApiFallback: { disableDotRule: true } },
  };
};
