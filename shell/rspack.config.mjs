import { fileURLToPath } from 'node:url';
import path from 'node:path';
import rspack from '@rspack/core';
import { federatedAppConfig } from '@khela/shared/build/federation.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));

// The host: no remotes at build time; they come from /remotes.json at run time.
const base = federatedAppConfig({ name: 'shell', dir, port: Number(process.env.PORT ?? 3000), host: true, title: 'Khela' });

// KHELA_MOBILE_ONLY=1 builds the mobile-only branch (desktop root shows the coming-soon image).
export default (env, argv) => {
  const config = base(env, argv);
  config.plugins.push(new rspack.DefinePlugin({ __KHELA_MOBILE_ONLY__: JSON.stringify(process.env.KHELA_MOBILE_ONLY === '1') }));
  return config;
};
