// The product's documentation (docs/) stays reachable: every relative link of docs/ and of the root, api, shell and
// bench READMEs names a file that exists (and a heading of it when it has an anchor), and every pointer the code makes
// to a docs page ("docs/money.md", "docs/README.md#spec-6") names a page and heading that exist (issue 29 item 6).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SKIP = new Set(['node_modules', 'dist', 'dist-server', '.data', '.git', 'test-results', 'playwright-report', 'coverage', 'storage']);

function walk(dir, keep, out = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name) || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, keep, out);
    else if (keep(entry.name)) out.push(full);
  }
  return out;
}

/** GitHub's anchor of a heading: lower case, punctuation dropped (hyphens kept), spaces as hyphens. */
export function slug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_\- ]/gu, '')
    .replace(/ /g, '-');
}

const headingsCache = new Map();
function headings(file) {
  if (!headingsCache.has(file)) {
    const text = fs.readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
    headingsCache.set(file, new Set([...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => slug(m[1]))));
  }
  return headingsCache.get(file);
}

/** What is wrong with a link from `from` to `target` (a relative path, maybe with #anchor), or null. */
function problem(from, target) {
  const [file, anchor] = target.split('#');
  const resolved = file ? path.resolve(path.dirname(from), file) : from;
  if (!fs.existsSync(resolved)) return `${path.relative(root, from)}: ${target}: no such file`;
  if (anchor && resolved.endsWith('.md') && !headings(resolved).has(anchor))
    return `${path.relative(root, from)}: ${target}: no such heading`;
  return null;
}

describe('docs links', () => {
  it('slugs headings as GitHub does', () => {
    expect(slug('Spec 6')).toBe('spec-6');
    expect(slug('Money maths and rounding')).toBe('money-maths-and-rounding');
    expect(slug('Decisions where the spec is silent ("not shown")')).toBe('decisions-where-the-spec-is-silent-not-shown');
  });

  it('every relative link of docs/ and the main READMEs resolves', () => {
    const files = [
      ...walk(path.join(root, 'docs'), (n) => n.endsWith('.md')),
      ...['README.md', 'api/README.md', 'shell/README.md', 'bench/README.md'].map((f) => path.join(root, f)),
    ];
    expect(files.length).toBeGreaterThan(10);
    const problems = [];
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
      for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = m[1];
        if (/^[a-z]+:/i.test(target)) continue; // http:, https:, mailto:
        // outside the repository (the spec and the domain notes live beside it): not this checkout's to check
        if (path.relative(root, path.resolve(path.dirname(file), target.split('#')[0])).startsWith('..')) continue;
        const p = problem(file, target);
        if (p) problems.push(p);
      }
    }
    expect(problems).toEqual([]);
  });

  it('every pointer of the code to a docs page names a page and heading that exist', () => {
    const sources = walk(root, (n) => /\.(ts|tsx|mjs)$/.test(n) && !n.endsWith('.d.ts'));
    const problems = [];
    let pointers = 0;
    for (const file of sources) {
      const text = fs.readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\bdocs\/([\w/-]+\.md)(#[\w-]+)?/g)) {
        if (file === fileURLToPath(import.meta.url)) continue;
        pointers++;
        const p = problem(path.join(root, 'docs', 'x'), `${m[1]}${m[2] ?? ''}`);
        if (p) problems.push(`${path.relative(root, file)}: docs/${m[1]}${m[2] ?? ''}`);
      }
    }
    expect(pointers).toBeGreaterThan(50);
    expect(problems).toEqual([]);
  });
});
