import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A placeholder: readable text on a coloured gradient. */
export function placeholderSvg(opts: { w: number; h: number; title: string; subtitle?: string; hue: number }): string {
  const { w, h, title, subtitle, hue } = opts;
  const size = Math.max(10, Math.min(h * 0.28, (w * 1.6) / Math.max(title.length, 4)));
  const sub = subtitle
    ? `<text x="50%" y="${h / 2 + size * 0.95}" text-anchor="middle" font-family="Arial, sans-serif" font-size="${Math.round(size * 0.45)}" fill="#fff" fill-opacity="0.85">${escape(subtitle)}</text>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,42%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},75%,28%)"/></linearGradient></defs>
<rect width="${w}" height="${h}" rx="${Math.round(Math.min(w, h) * 0.06)}" fill="url(#g)"/>
<text x="50%" y="${subtitle ? h / 2 : h / 2 + size * 0.35}" text-anchor="middle" font-family="Arial, sans-serif" font-weight="bold" font-size="${Math.round(size)}" fill="#fff">${escape(title)}</text>${sub}
</svg>
`;
}

export interface ImageSpec {
  /** Path under the storage dir, e.g. 'sliders/main-1.svg'. */
  file: string;
  w: number;
  h: number;
  title: string;
  subtitle?: string;
  hue: number;
}

/** Writes missing placeholder files; returns the public paths ('/storage/...'). */
export function ensureImages(storageDir: string, specs: ImageSpec[]): void {
  for (const s of specs) {
    const target = path.join(storageDir, s.file);
    if (existsSync(target)) continue;
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, placeholderSvg(s));
  }
}

/**
 * Copies the brand's files into storage, replacing what differs (an older checkout's generated placeholder logo).
 * A checkout without the shell's folder (the API deployed alone) keeps whatever storage has.
 */
export function ensureBrand(storageDir: string, brandDir: string, files: ReadonlyArray<{ file: string; from: string }>): void {
  for (const { file, from } of files) {
    const source = path.join(brandDir, from);
    if (!existsSync(source)) continue;
    const body = readFileSync(source);
    const target = path.join(storageDir, file);
    if (existsSync(target) && readFileSync(target).equals(body)) continue;
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, body);
  }
}

export const storagePath = (file: string) => `/storage/${file}`;
