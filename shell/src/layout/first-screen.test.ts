import { readFileSync } from 'node:fs';
import path from 'node:path';
import { css } from '@emotion/react';
import { serializeStyles } from '@emotion/serialize';
import { describe, expect, it } from 'vitest';
import { firstScreen, prepaintClasses, prepaintCss } from './first-screen';

// index.html builds the pre-paint; its stylesheet comes from first-screen.ts at build time (rspack.config.mjs)
const html = readFileSync(path.resolve(__dirname, '../../index.html'), 'utf8');
const style = html.slice(html.indexOf('<style>'), html.indexOf('</style>'));
const script = html.slice(html.indexOf('<script>'), html.indexOf('</script>'));

describe('the home pre-paint is written from the first screen boxes', () => {
  it('gives every class the inline script creates a generated rule, and generates no rule nobody uses', () => {
    const used = new Set([...script.matchAll(/'(kp-[a-z-]+)'/g)].map((m) => m[1]));
    expect(used.size).toBeGreaterThan(5);
    expect([...used].sort()).toEqual(Object.keys(prepaintClasses).sort());
  });

  it('keeps no hand-copied size in index.html: its stylesheet is the generated one plus layout-free rules', () => {
    expect(style).toContain('%KHELA_PREPAINT_CSS%');
    expect(style.match(/\d+px/g) ?? []).toEqual([]);
  });

  it('writes each box as emotion renders it for the React components', () => {
    const sheet = prepaintCss((s) => serializeStyles([s]).styles);
    for (const [cls, box] of Object.entries(prepaintClasses)) {
      expect(sheet).toContain(`.${cls}{${css(firstScreen[box]).styles}}`);
    }
    expect(sheet).toContain('.kp-mhead{display:flex;align-items:center;gap:8px;height:56px;');
    expect(sheet).toContain('.kp-slide{flex:0 0 100%;min-width:0;background:#1f3040;aspect-ratio:3 / 1;}');
  });
});
