import { parseArgs } from 'node:util';
import { createDb, migrate } from '../db';
import { STAFF_ROLES, type StaffRole } from '@khela/contracts';
import { createStaffAccount, hasActiveAdmin, issueTotpLink, StaffInputError } from './staff-accounts';
import { staffLoginConfig } from './config';
import { runCli } from '../ops/cli';

/*
 * Makes a back-office operator (production seeds none):
 *   pnpm --filter api staff:create -- --username alice [--name "Alice Rahman"] [--role admin]
 * The role defaults to admin while no active admin exists (the first operator must be able to make the others),
 * else to payments. It prints the operator's one-time TOTP enrolment link (no trust on first use: whoever runs this
 * on the server vouches for the operator); for an existing operator whose TOTP is off (a lone admin after a reset):
 *   pnpm --filter api staff:create -- --username alice --totp-link
 * BACKOFFICE_URL (the console's origin) makes it a whole link; else it prints the path.
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
  const { values } = parseArgs({
    options: { username: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' }, 'totp-link': { type: 'boolean' } },
    allowPositionals: true,
  });
  if (!values.username) {
    process.stderr.write(
      'Usage: staff:create -- --username NAME [--name "Full name"] [--role ROLE]  (password from OPERATOR_PASSWORD or stdin)\n',
    );
    return 2;
  }
  if (values.role !== undefined && !(STAFF_ROLES as readonly string[]).includes(values.role)) {
    process.stderr.write(`The role must be one of ${STAFF_ROLES.join(', ')}.\n`);
    return 2;
  }
  const linkOnly = values['totp-link'] === true;
  const password = linkOnly ? '' : (process.env.OPERATOR_PASSWORD ?? (await readStdinLine()));
  const db = await createDb();
  const link = async (id: number) => {
    const actor = { staffId: null, username: 'staff:create', ip: null };
    const { token, expires_at } = await issueTotpLink(db, staffLoginConfig(), actor, id, 'issued on the server (staff:create)');
    const base = (process.env.BACKOFFICE_URL ?? '').replace(/\/$/, '');
    process.stdout.write(`TOTP enrolment link (one use, until ${expires_at}): ${base}/enrol#${token}\n`);
  };
  try {
    await migrate(db);
    if (linkOnly) {
      const r = await db.query<{ id: string }>('SELECT id FROM operators WHERE lower(username) = lower($1)', [values.username.trim()]);
      if (!r.rows[0]) {
        process.stderr.write(`No operator named "${values.username.trim()}".\n`);
        return 1;
      }
      await link(Number(r.rows[0].id));
      return 0;
    }
    const role = (values.role as StaffRole | undefined) ?? ((await hasActiveAdmin(db)) ? 'payments' : 'admin');
    const id = await createStaffAccount(db, { username: values.username, password, name: values.name ?? null, role });
    process.stdout.write(`Operator "${values.username.trim()}" created (id ${id}, role ${role}).\n`);
    await link(id);
    return 0;
  } catch (err) {
    if (err instanceof StaffInputError) {
      process.stderr.write(`${err.message}\n`);
      return 1;
    }
    throw err;
  } finally {
    await db.close();
  }
}

runCli('staff:create', run);
