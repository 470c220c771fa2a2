// A PostgreSQL server of the test's own: initdb + pg_ctl (Debian's postgresql package) in a temporary directory on a
// free loopback port, so a test may create roles and change ownership without touching the machine's shared server
// or its configuration. As root, initdb refuses to run: the cluster then belongs to the `postgres` user.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

function serverBin(): string | null {
  if (!fs.existsSync('/usr/lib/postgresql')) return null;
  const v = fs
    .readdirSync('/usr/lib/postgresql')
    .filter((d) => fs.existsSync(`/usr/lib/postgresql/${d}/bin/initdb`))
    .sort((a, b) => Number(b) - Number(a))[0];
  return v ? `/usr/lib/postgresql/${v}/bin` : null;
}

export const privatePostgresAvailable = () => serverBin() !== null;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

export interface PrivatePostgres {
  port: number;
  /** The superuser's URL of `database`. */
  url(database?: string, user?: string, password?: string): string;
  stop(): void;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = serverBin();
  if (!bin) throw new Error('no PostgreSQL server binaries in /usr/lib/postgresql/*/bin');
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'khela-audit-pg-'));
  const data = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) spawnSync('chown', ['-R', 'postgres:postgres', dir]);
  const run = (tool: string, args: string[]) => {
    const r = asRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', `${bin}/${tool}`, ...args], { encoding: 'utf8', cwd: dir })
      : spawnSync(`${bin}/${tool}`, args, { encoding: 'utf8', cwd: dir });
    if (r.status !== 0) throw new Error(`${tool} ${args.join(' ')} failed:\n${r.stdout}\n${r.stderr}`);
  };
  run('initdb', ['-D', data, '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  // passwords on TCP for every role but the superuser, so the roles under test are who they say they are
  fs.writeFileSync(
    path.join(data, 'pg_hba.conf'),
    'local all all trust\nhost all postgres 127.0.0.1/32 trust\nhost all all 127.0.0.1/32 scram-sha-256\n',
  );
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  run('pg_ctl', ['-D', data, '-l', path.join(dir, 'server.log'), '-o', options, '-w', '-t', '60', 'start']);
  return {
    port,
    url: (database = 'postgres', user = 'postgres', password?: string) =>
      `postgres://${user}${password ? `:${encodeURIComponent(password)}` : ''}@127.0.0.1:${port}/${database}`,
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      } catch {}
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
