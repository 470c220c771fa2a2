import createCache, { type EmotionCache } from '@emotion/cache';

/**
 * The Content-Security-Policy nonce of this page load. The static server (shared/build/serve-static.mjs) makes a
 * new one for every HTML response, allows it in `style-src` and writes it into `<meta name="csp-nonce">`; emotion
 * puts it on the `<style>` tags it injects, so styles need no 'unsafe-inline'. Undefined in tests and dev servers.
 */
export function cspNonce(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content || undefined;
}

/** An emotion cache whose style tags carry the page's CSP nonce (every app's tree, the shell's included). */
export function styleCache(key: string): EmotionCache {
  const nonce = cspNonce();
  return createCache({ key, ...(nonce ? { nonce } : {}) });
}
