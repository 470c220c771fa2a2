import { readFileSync } from 'node:fs';
import path from 'node:path';
import { css } from '@emotion/react';
import { serializeStyles } from '@emotion/serialize';
import { describe, expect, it } from 'vitest';
import { firstScreen, pageCss } from './first-screen';

// index.html's stylesheet comes from first-screen.ts at build time (rspack.config.mjs)
const html = readFileSync(path.resolve(__dirname, '../../index.html'), 'utf8');
const style = html.slice(html.indexOf('<style>'), html.indexOf('</style>'));

describe("index.html's stylesheet", () => {
  it('is the generated one: no hand-written rule', () => {
    expect(style).toContain('%KHELA_PAGE_CSS%');
    expect(
      style
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace('%KHELA_PAGE_CSS%', '')
        .replace('<style>', '')
        .trim(),
    ).toBe('');
  });

  it("writes the page's box as emotion renders it for the React layout", () => {
    const sheet = pageCss((s) => serializeStyles([s]).styles);
    expect(sheet).toBe(`html,body{${css(firstScreen.page).styles}}`);
    expect(sheet).toContain('margin:0;');
  });
});
