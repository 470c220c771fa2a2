import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { federatedAppConfig } from '@khela/build/federation.mjs';

// name, port and page title come from shared/build/apps.mjs, found by this folder
export default federatedAppConfig({
  dir: path.dirname(fileURLToPath(import.meta.url)),
  // the single-spa lifecycles of the whole remote; internals are never exposed
  exposes: { './app': './src/lifecycles.tsx' },
  // the Node container for the shell's render server (dist/server, issue 31 stage 2: /odds-view)
  ssr: './src/ssr.ts',
});
