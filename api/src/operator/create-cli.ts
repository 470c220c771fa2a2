import { parseArgs } from 'node:util';
import { createDb, migrate } from '../db';
import { createOperator, OperatorInputError } from './accounts';

/*
 * Makes a back-office operator (production seeds none):
 *   pnpm --filter api operator:create -- --username alice [--name "Alice Rahman"]
 * The password is read from OPERATOR_PASSWORD, or else from the first line of stdin
 * (never from the command line, where it would land in the shell history and the process list).
 * Uses the same DATABASE_URL / DATABASE_SCHEMA / DATA_DIR as the API.
 */
async function readStdinLine(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write('Password: ');
  let data = '';
  for await (const chunk of process.stdin) {
    data += String(chunk);
    if (data.includes('\n')) break;
  }
  return data.split(/\r?\n/)[0] ?? '';
}

async function run(): Promise<number> {
  const { values } = parseArgs({ options: { username: { type: 'string' }, name: { type: 'string' } }, allowPositionals: true });
  if (!values.username) {
    process.stderr.write('Usage: operator:create -- --username NAME [--name "Full name"]  (password from OPERATOR_PASSWORD or stdin)\n');
    return 2;
  }
  const password = process.env.OPERATOR_PASSWORD ?? (await readStdinLine());
  const db = await createDb();
  try {
    await migrate(db);
    const id = await createOperator(db, { username: values.username, password, name: values.name ?? null });
    process.stdout.write(`Operator "${values.username.trim()}" created (id ${id}).\n`);
    return 0;
  } catch (err) {
    if (err instanceof OperatorInputError) {
      process.stderr.write(`${err.message}\n`);
      return 1;
    }
    throw err;
  } finally {
    await db.close();
  }
}

run().then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`operator:create failed: ${(err as Error).message}\n`);
    process.exit(1);
  },
);
