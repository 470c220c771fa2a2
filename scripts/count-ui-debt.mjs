#!/usr/bin/env node
// Counts what issue 29 measures on the front end, per package: inline style blocks (css={css`…`}), hand-styled
// role="alert" elements (an intrinsic element such as <p role="alert" css=…> rather than a kit component), and local
// data hooks, and api.call sites (reads and changes by hand; useServerQuery's reads are not counted). The kit itself (shared/web/src/ui) is where the one definition lives and is not counted; tests are not.
//   node scripts/count-ui-debt.mjs          a table
//   node scripts/count-ui-debt.mjs --json   the same as JSON
//   node scripts/count-ui-debt.mjs --check  fails when a total is above its ceiling (scripts/ui-debt-ceilings.json; in `pnpm cpd`)
import fs from 'node:fs';
import path from 'node:path';

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
const packages = ['shell', 'mf-account', 'mf-wallet', 'mf-casino', 'mf-exchange', 'mf-chat', 'backoffice', 'shared/web'];
const LOCAL_HOOKS = /export function (useLoad|useLoaded|usePoll|useLive)\b/g;

function files(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'dist' ? [] : files(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$|test-util/.test(e.name) ? [p] : [];
  });
}

/** role="alert" on an intrinsic (lower-case) element: the nearest '<' before it opens a tag like <p or <div. */
function handStyledAlerts(text) {
  let n = 0;
  for (let i = text.indexOf('role="alert"'); i >= 0; i = text.indexOf('role="alert"', i + 1)) {
    const open = text.lastIndexOf('<', i);
    if (/^<[a-z]/.test(text.slice(open, open + 2))) n++;
  }
  return n;
}

const rows = packages.map((pkg) => {
  const src = path.join(root, pkg, 'src');
  const kit = path.join(root, 'shared/web/src/ui');
  let css = 0;
  let alerts = 0;
  let hooks = 0;
  let calls = 0;
  for (const f of files(src)) {
    if (f.startsWith(kit)) continue;
    const text = fs.readFileSync(f, 'utf8');
    css += (text.match(/css=\{css`/g) ?? []).length;
    alerts += handStyledAlerts(text);
    hooks += (text.match(LOCAL_HOOKS) ?? []).length;
    calls += (text.match(/\bapi\.call\(/g) ?? []).length;
  }
  return { package: pkg, inlineCss: css, handStyledAlerts: alerts, localDataHooks: hooks, apiCalls: calls };
});
const total = rows.reduce(
  (t, r) => ({
    ...t,
    inlineCss: t.inlineCss + r.inlineCss,
    handStyledAlerts: t.handStyledAlerts + r.handStyledAlerts,
    localDataHooks: t.localDataHooks + r.localDataHooks,
    apiCalls: t.apiCalls + r.apiCalls,
  }),
  { package: 'total', inlineCss: 0, handStyledAlerts: 0, localDataHooks: 0, apiCalls: 0 },
);
if (process.argv.includes('--json')) console.log(JSON.stringify([...rows, total], null, 2));
else console.table([...rows, total]);

// --check: `pnpm test` holds what was paid off: no total may grow past its ceiling in ui-debt-ceilings.json (lower the
// ceiling when a change brings a count down, so the gain stays)
if (process.argv.includes('--check')) {
  const ceilings = JSON.parse(fs.readFileSync(path.join(root, 'scripts/ui-debt-ceilings.json'), 'utf8'));
  const over = Object.entries(ceilings).filter(([k, max]) => total[k] > max);
  for (const [k, max] of over)
    console.error(`ui debt: ${k} is ${total[k]}, above its ceiling ${max} (scripts/ui-debt-ceilings.json): use the kit and the data layer`);
  if (over.length) process.exit(1);
  console.log(
    'ui debt within its ceilings:',
    Object.entries(ceilings)
      .map(([k, max]) => `${k} ${total[k]}/${max}`)
      .join(', '),
  );
}
