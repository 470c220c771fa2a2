import { afterEach, describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { CacheProvider, css } from '@emotion/react';
import { cspNonce, styleCache } from './csp';

/** Issue 10 item 11: emotion's <style> tags carry the page's CSP nonce (style-src has no 'unsafe-inline'). */
describe('CSP nonce for emotion', () => {
  afterEach(() => document.head.querySelectorAll('meta[name="csp-nonce"], style').forEach((n) => n.remove()));

  it('reads the nonce the static server wrote and puts it on every style tag', () => {
    const meta = document.createElement('meta');
    meta.name = 'csp-nonce';
    meta.content = 'abc123';
    document.head.appendChild(meta);
    expect(cspNonce()).toBe('abc123');
    const cache = styleCache('t');
    render(
      <CacheProvider value={cache}>
        <div
          css={css`
            color: red;
          `}
        >
          x
        </div>
      </CacheProvider>,
    );
    const tags = [...document.head.querySelectorAll('style[data-emotion^="t"]')];
    expect(tags.length).toBeGreaterThan(0);
    for (const tag of tags) expect(tag.getAttribute('nonce')).toBe('abc123');
  });

  it('no meta (tests, dev server): no nonce', () => {
    expect(cspNonce()).toBeUndefined();
    expect(styleCache('u').nonce).toBeUndefined();
  });
});
