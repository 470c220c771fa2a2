import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { federatedAppConfig } from '@khela/build/federation.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));

export default federatedAppConfig({
  name: 'mf_exchange',
  dir,
  port: Number(process.env.PORT ?? 3002),
  title: 'Khela Exchange (standalone)',
  // the single-spa lifecycles of the whole remote; internals are never exposed
  exposes: { './app': './src/lifecycles.tsx' },
});
