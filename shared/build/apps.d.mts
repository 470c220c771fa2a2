// Types of apps.mjs for the TypeScript files that read the list (shell tests, the Playwright config).
export interface App {
  name: string;
  dir: string;
  kind: 'host' | 'remote' | 'console' | 'server';
  port: number;
  portVar: string;
  title?: string;
}
type Env = Record<string, string | undefined>;
export const PORT_OFFSET_VAR: 'KHELA_PORT_OFFSET';
export const APPS: readonly App[];
export const HOST: App;
export const REMOTES: App[];
export const REMOTE_NAMES: string[];
export function app(name: string): App;
export function appByDir(dir: string): App | undefined;
export function portOffset(env?: Env): number;
export function portOf(name: string, env?: Env): number;
export function ports(env?: Env): Record<string, number>;
export function remotesConfig(
  env?: Env,
  opts?: { timeoutMs?: number },
): { timeoutMs: number; remotes: Record<string, string>; api: string };
