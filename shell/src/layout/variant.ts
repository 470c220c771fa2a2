declare const __KHELA_MOBILE_ONLY__: boolean | undefined;

/**
 * The mobile-only branch of the site (docs/README.md#spec-1): on desktop browsers the root shows only a coming-soon
 * image. Build flag: `KHELA_MOBILE_ONLY=1 npx rspack build` (see shell/rspack.config.mjs).
 */
export function isMobileOnlyBuild(): boolean {
  return typeof __KHELA_MOBILE_ONLY__ !== 'undefined' && __KHELA_MOBILE_ONLY__ === true;
}
