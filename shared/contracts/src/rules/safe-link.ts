/**
 * Links and frame addresses that come from server data (sliders, banners, promotions, popups, settings,
 * gateway and provider URLs) go through here before they become an href or a src: only http(s) addresses
 * and paths of this site pass, so a `javascript:`, `data:` or `vbscript:` value never renders as a link.
 */
export type SafeLink = { kind: 'external'; href: string } | { kind: 'internal'; path: string };

// control characters and whitespace inside a URL are how scheme checks get fooled ("java\tscript:")
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARS = /[\u0000-\u0020\u007f-\u009f\u2028\u2029]/;

// URL is a global of browsers and Node alike; contracts compile with neither the DOM lib nor Node's types
type ParsedUrl = { protocol: string; hostname: string; href: string };
const WhatwgUrl = (globalThis as unknown as { URL: new (input: string) => ParsedUrl }).URL;

/** An http(s) address (normalised) or a same-site path starting with a single `/`; anything else is null. */
export function safeLink(raw: unknown): SafeLink | null {
  if (typeof raw !== 'string') return null;
  const value = raw.trim();
  if (!value || UNSAFE_CHARS.test(value)) return null;
  // "/path" is this site; "//host" and "/\host" are another host in disguise
  if (value.startsWith('/')) return /^\/[/\\]/.test(value) ? null : { kind: 'internal', path: value };
  let url: ParsedUrl;
  try {
    url = new WhatwgUrl(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.hostname) return null;
  return { kind: 'external', href: url.href };
}

/** The href to render for a link from server data, or undefined (render no link). Same-site paths stay relative. */
export function safeHref(raw: unknown): string | undefined {
  const link = safeLink(raw);
  return link ? (link.kind === 'external' ? link.href : link.path) : undefined;
}

/** An http(s) address only (iframes, gateway redirects): paths and every other scheme are refused. */
export function safeExternalUrl(raw: unknown): string | undefined {
  const link = safeLink(raw);
  return link?.kind === 'external' ? link.href : undefined;
}
