import path from 'node:path';

/**
 * The gateway's own settings from the environment (tests shorten the delays):
 * - GATEWAY_RETRY_DELAYS_MS: delays between callback attempts, comma-separated ms (the last one repeats).
 * - GATEWAY_CALLBACK_DELAY_MS: wait before the first callback attempt after a decision (0: at once), as a real
 *   gateway queues its notifications; the fault tests use it to stop the gateway between decision and callback.
 * - GATEWAY_MAX_ATTEMPTS: callback attempts before giving up.
 * - SANDBOX_DATA_DIR: where payments and their pending callbacks are kept (gateway-payments.json), so a restarted
 *   gateway still knows its payments and resumes the callbacks; unset: in memory only.
 */
export function gatewayConfig(env: NodeJS.ProcessEnv = process.env) {
  const delays = (env.GATEWAY_RETRY_DELAYS_MS ?? '')
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isFinite(n) && n >= 0);
  const firstDelay = Number(env.GATEWAY_CALLBACK_DELAY_MS ?? 0);
  const maxAttempts = Number(env.GATEWAY_MAX_ATTEMPTS ?? 50);
  return {
    retryDelaysMs: delays.length ? delays : [500, 1000, 2000, 5000, 10000, 30000],
    firstDelayMs: Number.isFinite(firstDelay) && firstDelay > 0 ? firstDelay : 0,
    maxAttempts: Number.isInteger(maxAttempts) && maxAttempts > 0 ? maxAttempts : 50,
    dataFile: env.SANDBOX_DATA_DIR ? path.join(path.resolve(env.SANDBOX_DATA_DIR), 'gateway-payments.json') : null,
  };
}
