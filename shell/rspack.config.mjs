import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { federatedAppConfig } from '@khela/shared/build/federation.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));

// The host: no remotes at build time; they come from /remotes.json at run time.
export default federatedAppConfig({ name: 'shell', dir, port: Number(process.env.PORT ?? 3000), host: true, title: 'Khela' });
