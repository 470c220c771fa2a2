import { fileURLToPath } from 'node:url';
import path from 'node:path';
import rspack from '@rspack/core';
import { readFileSync } from 'node:fs';
import { fontRule, sourceRule } from '@khela/build/federation.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
/** The shell's own npm packages: left to Node (found from shell/node_modules); what only a kit uses is bundled. */
const external = new Set(Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter((n) => !n.startsWith('@khela/')));
const packageOf = (request) =>
  request
    .split('/')
    .slice(0, request.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * The shell's Node build (issue 31, README "Server rendering"): server/render.tsx and the same components the browser
 * build bundles, as one CommonJS file, dist-server/render.cjs, that server/main.mjs loads. npm packages stay external
 * (Node loads them from node_modules: one React for react-dom/server and the components); the workspace kits
 * (@khela/web, @khela/contracts: TypeScript sources) are bundled. Images and fonts get the browser build's names
 * (same content hash, publicPath `/`) and are not written: the browser build serves them.
 */
export default (_env, argv) => {
  const mode = argv?.mode ?? 'production';
  return {
    name: 'server',
    mode,
    target: 'node20',
    context: dir,
    entry: { render: './server/render.tsx' },
    devtool: 'source-map',
    output: {
      path: path.join(dir, 'dist-server'),
      filename: '[name].cjs',
      library: { type: 'commonjs2' },
      publicPath: '/',
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.jsx', '.js', '.json'] },
    externalsPresets: { node: true },
    externals: [
      ({ request }, callback) => {
        if (request && external.has(packageOf(request))) return callback(undefined, `commonjs ${request}`);
        callback();
      },
    ],
    module: {
      rules: [
        sourceRule(mode === 'development'),
        { test: /\.(png|jpe?g|gif|svg|webp)$/i, type: 'asset', generator: { emit: false } },
        { ...fontRule, generator: { emit: false } },
      ],
    },
    plugins: [
      new rspack.DefinePlugin({
        'process.env.NODE_ENV': JSON.stringify(mode),
        __KHELA_APP__: JSON.stringify('shell'),
        __KHELA_MOBILE_ONLY__: JSON.stringify(process.env.KHELA_MOBILE_ONLY === '1'),
      }),
    ],
    optimization: { minimize: false, splitChunks: false },
    performance: { hints: false },
  };
};
