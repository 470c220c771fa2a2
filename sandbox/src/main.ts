import { buildSandbox } from './app';
import { config } from './config';

const app = await buildSandbox({ logger: true });
await app.listen({ port: config.port, host: config.host });
console.log(`sandbox on ${config.publicUrl}`);
