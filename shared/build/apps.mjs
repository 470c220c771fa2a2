// The one list of Khela's apps and their ports. Every script reads it: the rspack configs (through
// federation.mjs), the static server, e2e/scripts/start-all.mjs, the Playwright config and the shell's
// generated remotes.json; shell/src/federation/remotes.test.ts checks the shell's typed REMOTE_NAMES against it.
// Adding a remote: one line here, plus its folder in pnpm-workspace.yaml and its paths in shell/src/routes.ts.

/** Shifts every default port at once, so several copies of the site run side by side (e2e uses 10). */
export const PORT_OFFSET_VAR = 'KHELA_PORT_OFFSET';

/**
 * @typedef {{ name: string, dir: string, kind: 'host' | 'remote' | 'console' | 'server', port: number, portVar: string, title?: string }} App
 * kind 'console': a separate single-page application (the staff back office), not federated with the site.
 * name: the federation name (remotes) or the service name; dir: the workspace folder; port: the default
 * port before the offset; portVar: the environment variable that sets this app's port outright.
 * @type {readonly App[]}
 */
export const APPS = Object.freeze([
  { name: 'shell', dir: 'shell', kind: 'host', port: 3000, portVar: 'SHELL_PORT', title: 'Khela' },
  { name: 'mf_casino', dir: 'mf-casino', kind: 'remote', port: 3001, portVar: 'MF_CASINO_PORT', title: 'Khela Casino (standalone)' },
  {
    name: 'mf_exchange',
    dir: 'mf-exchange',
    kind: 'remote',
    port: 3002,
    portVar: 'MF_EXCHANGE_PORT',
    title: 'Khela Exchange (standalone)',
  },
  { name: 'mf_wallet', dir: 'mf-wallet', kind: 'remote', port: 3003, portVar: 'MF_WALLET_PORT', title: 'Khela Wallet (standalone)' },
  { name: 'mf_account', dir: 'mf-account', kind: 'remote', port: 3004, portVar: 'MF_ACCOUNT_PORT', title: 'Khela Account (standalone)' },
  { name: 'mf_chat', dir: 'mf-chat', kind: 'remote', port: 3005, portVar: 'MF_CHAT_PORT', title: 'Khela Support chat (standalone)' },
  { name: 'backoffice', dir: 'backoffice', kind: 'console', port: 3006, portVar: 'BACKOFFICE_PORT', title: 'Khela Back office' },
  { name: 'api', dir: 'api', kind: 'server', port: 4000, portVar: 'API_PORT' },
  { name: 'sandbox', dir: 'sandbox', kind: 'server', port: 4100, portVar: 'SANDBOX_PORT' },
]);

export const HOST = APPS.find((a) => a.kind === 'host');
export const REMOTES = APPS.filter((a) => a.kind === 'remote');
export const REMOTE_NAMES = REMOTES.map((a) => a.name);

/** @param {string} name */
export function app(name) {
  const found = APPS.find((a) => a.name === name);
  if (!found) throw new Error(`${name} is not in shared/build/apps.mjs`);
  return found;
}

/** The app whose workspace folder is `dir` (a folder name or a path ending in it), or undefined. */
export function appByDir(dir) {
  const base = dir
    .replace(/[\\/]+$/, '')
    .split(/[\\/]/)
    .pop();
  return APPS.find((a) => a.dir === base);
}

/** The port offset in force (KHELA_PORT_OFFSET, default 0). */
export function portOffset(env = process.env) {
  const n = Number(env[PORT_OFFSET_VAR] ?? 0);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${PORT_OFFSET_VAR} must be a whole number, not ${env[PORT_OFFSET_VAR]}`);
  return n;
}

/** An app's port: its own variable (e.g. MF_WALLET_PORT) if set, else its default plus the offset. */
export function portOf(name, env = process.env) {
  const a = app(name);
  return Number(env[a.portVar] ?? a.port + portOffset(env));
}

/** Every app's port, keyed by name. */
export function ports(env = process.env) {
  return Object.fromEntries(APPS.map((a) => [a.name, portOf(a.name, env)]));
}

/**
 * The shell's /remotes.json: where each remote's manifest and the API live. `{hostname}` is replaced in
 * the browser by the page's host, so one file serves localhost, 127.0.0.1 and a LAN address alike.
 */
export function remotesConfig(env = process.env, { timeoutMs = Number(env.REMOTE_TIMEOUT_MS ?? 10_000) } = {}) {
  return {
    timeoutMs,
    remotes: Object.fromEntries(REMOTES.map((r) => [r.name, `http://{hostname}:${portOf(r.name, env)}/mf-manifest.json`])),
    api: `http://{hostname}:${portOf('api', env)}`,
  };
}
