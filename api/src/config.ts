import { DEV_SECRETS, type SecretName } from '@khela/contracts/signing';

/**
 * The API's one reader of secrets and of the production switch. Domain configs (wallet, casino,
 * identity) take their secrets from `secret()` and never fall back on their own defaults.
 */
export const SECRET_NAMES = Object.keys(DEV_SECRETS) as SecretName[];
export const MIN_SECRET_BYTES = 32;

export const isProduction = (env: NodeJS.ProcessEnv = process.env) => env.NODE_ENV === 'production';

export class ConfigError extends Error {}

/**
 * A whole-number setting: `dflt` when the variable is unset or empty, else its value, which must be an integer of at
 * least `min` (a ConfigError naming the variable otherwise: a mistyped setting stops the start, it is not ignored).
 */
export function envInt(env: NodeJS.ProcessEnv, name: string, dflt: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return dflt;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new ConfigError(`${name} must be an integer >= ${min} (got "${raw}")`);
  return n;
}

const DEV_VALUES = new Set<string>(Object.values(DEV_SECRETS));

/**
 * A shared secret by name. Outside production an unset one is its development default (the sandbox
 * uses the same, so `pnpm start` works with no setup); in production it must be set.
 */
export function secret(name: SecretName, env: NodeJS.ProcessEnv = process.env): string {
  const value = env[name];
  if (value) return value;
  if (isProduction(env)) throw new ConfigError(`${name} is not set (required when NODE_ENV=production)`);
  return DEV_SECRETS[name];
}

const ORIGIN = /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$|^https?:\/\/\[[0-9a-f:]+\](:\d{1,5})?$/i;

/** CORS_ORIGINS: comma-separated origins (scheme://host[:port]) allowed to call the API from a browser. */
export function corsOrigins(env: NodeJS.ProcessEnv = process.env): string[] {
  return (env.CORS_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim().replace(/\/$/, ''))
    .filter(Boolean);
}

/** Everything wrong with the environment for production, one sentence each naming the variable. */
export function productionProblems(env: NodeJS.ProcessEnv = process.env): string[] {
  const problems: string[] = [];
  const seen = new Map<string, SecretName>();
  for (const name of SECRET_NAMES) {
    const value = env[name];
    if (!value) problems.push(`${name} is not set`);
    else if (DEV_VALUES.has(value)) problems.push(`${name} is a development default`);
    else if (Buffer.byteLength(value, 'utf8') < MIN_SECRET_BYTES) problems.push(`${name} is shorter than ${MIN_SECRET_BYTES} bytes`);
    else if (seen.has(value)) problems.push(`${name} must differ from ${seen.get(value)}`);
    if (value) seen.set(value, name);
  }
  if (env.OPERATOR_TOTP_REQUIRED === '0') {
    problems.push('OPERATOR_TOTP_REQUIRED is 0 (back-office staff always need two-factor sign-in in production)');
  }
  for (const origin of corsOrigins(env)) {
    if (!ORIGIN.test(origin)) problems.push(`CORS_ORIGINS has "${origin}", which is not an origin like https://example.com`);
  }
  return problems;
}

/** Throws a ConfigError naming every bad variable when NODE_ENV=production and the environment is not fit for it. */
export function assertStartable(env: NodeJS.ProcessEnv = process.env): void {
  if (!isProduction(env)) return;
  const problems = productionProblems(env);
  if (problems.length) {
    throw new ConfigError(`Refusing to start with NODE_ENV=production: ${problems.join('; ')}. See "Running in production" in README.md.`);
  }
}
