import { fileURLToPath } from 'node:url';
import path from 'node:path';
import rspack from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { fontRule, sourceRule } from '@khela/build/federation.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));

/**
 * mf-casino's Node container (issue 31 stage 1, a first step; shell/README.md "Server rendering"): `./ssr` (src/ssr.ts)
 * as a CommonJS federation container for Node, beside the browser one, into dist/server. NOT in `pnpm run build` yet:
 *
 *   npx rspack build -c rspack.node.mjs
 *
 * Checked by hand: the federation runtime in Node (`createInstance` of @module-federation/enhanced/runtime,
 * `loadRemote('mf_casino/ssr')`, the entry fetched over HTTP) loads it with React, react-router, emotion, TanStack Query
 * and i18next taken from the loading process (`import: false`: the render server's copies), and `RemoteRoot` renders
 * /games?type=SLOT to HTML with the casino's own emotion key. Left: its chunks are read from disk (async-node's loader);
 * over HTTP they need @module-federation/node's runtime plugin; @khela/web is bundled here, where it should be
 * provided by the render server (one i18n, one page runtime per request).
 */
export default {
  name: 'node-container',
  mode: 'production',
  target: 'async-node',
  context: dir,
  entry: {},
  output: {
    path: path.join(dir, 'dist/server'),
    // 'auto' is not supported in Node; the chunks sit beside remoteEntry.js
    publicPath: '',
    uniqueName: 'mf_casino_node',
    filename: '[name].js',
    chunkFilename: '[name].[contenthash:8].js',
    clean: true,
  },
  resolve: { extensions: ['.tsx', '.ts', '.jsx', '.js', '.json'] },
  module: {
    rules: [
      sourceRule(false),
      // the browser build writes these; same names (content hash)
      { test: /\.(png|jpe?g|gif|svg|webp)$/i, type: 'asset', generator: { emit: false } },
      { ...fontRule, generator: { emit: false } },
    ],
  },
  plugins: [
    new ModuleFederationPlugin({
      name: 'mf_casino',
      filename: 'remoteEntry.js',
      exposes: { './ssr': './src/ssr.ts' },
      library: { type: 'commonjs-module', name: 'mf_casino' },
      remoteType: 'script',
      remotes: {},
      manifest: true,
      dts: false,
      // every singleton from the render server's process
      shared: Object.fromEntries(
        [
          'react',
          'react/jsx-runtime',
          'react-dom',
          '@emotion/react',
          '@emotion/react/jsx-runtime',
          'react-router',
          '@tanstack/react-query',
          'react-i18next',
          'i18next',
        ].map((name) => [name, { singleton: true, requiredVersion: false, import: false }]),
      ),
    }),
    new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify('production'), __KHELA_APP__: JSON.stringify('mf_casino') }),
  ],
  optimization: { minimize: false },
};
