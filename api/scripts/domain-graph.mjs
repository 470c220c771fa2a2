// The import graph between the API's top folders (api/src/<folder>), without tests: which folder imports which,
// and the circles (strongly connected components with more than one folder, and each folder pair that imports
// both ways). `node api/scripts/domain-graph.mjs` prints them; `--json` prints the edges. Issue 29 item 3 measured
// with it; the linter (eslint.config.mjs, "API layers") holds the result.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');
const files = [];
const walk = (dir) => {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p);
    else if (/\.ts$/.test(e.name) && !/\.test(-util)?\.ts$|\.test-util\.ts$/.test(e.name)) files.push(p);
  }
};
walk(src);

const top = (file) => path.relative(src, file).split(path.sep)[0].replace(/\.ts$/, '');
/** folder -> folder -> [file: import] */
const edges = new Map();
const importRe = /(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;
for (const file of files) {
  const text = fs.readFileSync(file, 'utf8');
  const from = top(file);
  if (from === 'testing') continue;
  for (const m of text.matchAll(importRe)) {
    const spec = m[1] ?? m[2];
    const to = top(path.resolve(path.dirname(file), spec));
    if (to === from || to.startsWith('..')) continue;
    if (!edges.has(from)) edges.set(from, new Map());
    const t = edges.get(from);
    if (!t.has(to)) t.set(to, []);
    t.get(to).push(`${path.relative(src, file)} -> ${spec}`);
  }
}

// Tarjan's strongly connected components
const nodes = [...new Set([...edges.keys(), ...[...edges.values()].flatMap((t) => [...t.keys()])])].sort();
let index = 0;
const idx = new Map();
const low = new Map();
const stack = [];
const on = new Set();
const sccs = [];
const visit = (v) => {
  idx.set(v, index);
  low.set(v, index++);
  stack.push(v);
  on.add(v);
  for (const w of edges.get(v)?.keys() ?? []) {
    if (!idx.has(w)) {
      visit(w);
      low.set(v, Math.min(low.get(v), low.get(w)));
    } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
  }
  if (low.get(v) === idx.get(v)) {
    const c = [];
    let w;
    do {
      w = stack.pop();
      on.delete(w);
      c.push(w);
    } while (w !== v);
    if (c.length > 1) sccs.push(c.sort());
  }
};
for (const n of nodes) if (!idx.has(n)) visit(n);

const pairs = [];
for (const [a, t] of edges) for (const b of t.keys()) if (a < b && edges.get(b)?.has(a)) pairs.push([a, b]);

if (process.argv.includes('--json')) {
  const out = {};
  for (const [a, t] of edges) out[a] = Object.fromEntries([...t].map(([b, list]) => [b, list]));
  console.log(JSON.stringify({ edges: out, sccs, pairs }, null, 2));
} else {
  for (const [a, t] of [...edges].sort()) console.log(`${a} -> ${[...t.keys()].sort().join(', ')}`);
  console.log(`\nfolders importing each other (${pairs.length}):`);
  for (const [a, b] of pairs) {
    console.log(`  ${a} <-> ${b}`);
    for (const l of edges.get(a).get(b)) console.log(`      ${l}`);
    for (const l of edges.get(b).get(a)) console.log(`      ${l}`);
  }
  console.log(`\ncircles (strongly connected groups of folders): ${sccs.length}`);
  for (const c of sccs) console.log(`  ${c.join(' ')}`);
}
