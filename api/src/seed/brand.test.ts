import { mkdtempSync, readFileSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_ROOT } from '../db';
import { BRAND_FILES, LOGO } from './data';
import { ensureBrand } from './images';

const BRAND_DIR = path.join(API_ROOT, '..', 'shell', 'public', 'brand');

describe('the logo record is the product artwork', () => {
  it('every logo file has its artwork in the shell (the favicon is the emblem)', () => {
    for (const { from } of BRAND_FILES) expect(existsSync(path.join(BRAND_DIR, from)), from).toBe(true);
    expect(BRAND_FILES.map((b) => b.file).sort()).toEqual(Object.values(LOGO).sort());
    expect(readFileSync(path.join(API_ROOT, '..', 'shell', 'public', 'favicon.svg'), 'utf8')).toBe(
      readFileSync(path.join(BRAND_DIR, 'emblem.svg'), 'utf8'),
    );
  });

  it('copies the artwork into storage, replacing an older placeholder, and leaves an equal file alone', () => {
    const storage = mkdtempSync(path.join(os.tmpdir(), 'khela-brand-'));
    mkdirSync(path.join(storage, 'logos'), { recursive: true });
    writeFileSync(path.join(storage, LOGO.logo), '<svg>old placeholder</svg>');
    ensureBrand(storage, BRAND_DIR, BRAND_FILES);
    for (const { file, from } of BRAND_FILES)
      expect(readFileSync(path.join(storage, file))).toEqual(readFileSync(path.join(BRAND_DIR, from)));
    // a checkout without the artwork (the API deployed alone) keeps what storage has
    const other = mkdtempSync(path.join(os.tmpdir(), 'khela-brand-'));
    ensureBrand(other, path.join(other, 'missing'), BRAND_FILES);
    expect(existsSync(path.join(other, LOGO.logo))).toBe(false);
  });
});
