/**
 * index.html's pre-paint (the home's header and first banner, drawn before the JavaScript ran) lies over the top of
 * the page, beside #root. React renders the same boxes beneath it; the home screen hands its first banner here once
 * mounted, and the pre-paint goes once that image has decoded, on the next frame: the visitor's banner never
 * blinks, and the pre-painted one (the page's largest paint) is not replaced before it has shown.
 */
export function releasePrepaint(banner: HTMLImageElement | null | undefined): void {
  const pre = document.getElementById('prepaint');
  if (!pre) return;
  // React's header is on screen beneath: show it (and let it take clicks) while the banner finishes
  pre.classList.add('kp-taken');
  const ready = banner?.decode ? banner.decode().catch(() => undefined) : Promise.resolve();
  void ready.then(() => requestAnimationFrame(() => pre.remove()));
}

/** The longest the pre-paint may stay once React has rendered (a first render without the home screen). */
export const PREPAINT_MAX_MS = 1500;

/** Called after the first render: whatever React showed, the pre-paint is gone PREPAINT_MAX_MS later. */
export function dropPrepaintLater(): void {
  if (document.getElementById('prepaint')) setTimeout(() => document.getElementById('prepaint')?.remove(), PREPAINT_MAX_MS);
}
