import { fileURLToPath } from 'node:url';
import path from 'node:path';
import fs from 'node:fs';
import zlib from 'node:zlib';
import rspack from '@rspack/core';
import { federatedAppConfig } from '@khela/shared/build/federation.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));

// The host: no remotes at build time; they come from /remotes.json at run time.
const base = federatedAppConfig({ name: 'shell', dir, port: Number(process.env.PORT ?? 3000), host: true, title: 'Khela' });

/**
 * Writes file.gz beside every text asset of a production build; the static server sends it to
 * browsers that accept gzip. On a 1.6 Mbps phone link this cuts the first load by about two thirds.
 */
class PrecompressPlugin {
  apply(compiler) {
    compiler.hooks.afterEmit.tap('PrecompressPlugin', () => {
      const out = compiler.options.output.path;
      const walk = (d) =>
        fs.readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : [path.join(d, e.name)]));
      for (const file of walk(out)) {
        if (!/\.(js|css|html|json|svg|ttf)$/.test(file) || /mf-manifest|remotes\.json/.test(file)) continue;
        const raw = fs.readFileSync(file);
        if (raw.length < 1024) continue;
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(raw, { level: 9 }));
      }
    });
  }
}

// KHELA_MOBILE_ONLY=1 builds the mobile-only branch (desktop root shows the coming-soon image).
export default (env, argv) => {
  const config = base(env, argv);
  config.plugins.push(new rspack.DefinePlugin({ __KHELA_MOBILE_ONLY__: JSON.stringify(process.env.KHELA_MOBILE_ONLY === '1') }));
  if (config.mode === 'production') config.plugins.push(new PrecompressPlugin());
  return config;
};
