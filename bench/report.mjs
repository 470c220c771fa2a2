// Writes what a `pnpm bench` run measured: bench/report.md (every figure beside its target), bench/report.html
// (the same tables plus charts of every figure over the runs of bench/history.jsonl; chart.js is inlined from
// node_modules, the page loads nothing from the network) and the history line of the run.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { formatTarget, formatValue, met, metText } from './figures.mjs';

const require = createRequire(import.meta.url);

/**
 * @typedef {import('./figures.mjs').Figure} Figure
 * @typedef {{ name: string, title: string, status: 'ok' | 'skipped' | 'failed', note?: string, seconds?: number, figures: Figure[], details?: string }} PartResult
 * @typedef {{ date: string, commit: string, dirty: boolean, smoke: boolean, seconds: number, loadavg: { start: string, end: string }, parts: PartResult[] }} Run
 */

const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
const mdCell = (s) => String(s ?? '').replace(/\|/g, '\\|');

/** One JSON line of bench/history.jsonl: when, which commit, how loaded the machine was, every figure. */
export function historyLine(run) {
  const figures = {};
  for (const p of run.parts) for (const f of p.figures) figures[f.id] = f.value;
  return {
    date: run.date,
    commit: run.commit,
    dirty: run.dirty,
    smoke: run.smoke,
    seconds: Math.round(run.seconds),
    loadavg: run.loadavg,
    parts: Object.fromEntries(run.parts.map((p) => [p.name, p.status])),
    figures,
  };
}

/** The lines of a history file (unreadable lines are skipped: a hand-edited file must not stop the report). */
export function readHistory(file) {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .flatMap((l) => {
      try {
        return [JSON.parse(l)];
      } catch {
        return [];
      }
    });
}

function summaryCounts(run) {
  const all = run.parts.flatMap((p) => p.figures);
  const withTarget = all.filter((f) => met(f) !== null);
  return { figures: all.length, targets: withTarget.length, met: withTarget.filter((f) => met(f)).length };
}

/** bench/report.md */
export function renderMarkdown(run) {
  const c = summaryCounts(run);
  const out = [];
  out.push(`# Khela benchmark report${run.smoke ? ' (smoke: one short iteration, figures not comparable)' : ''}`);
  out.push('');
  out.push(`- Date: ${run.date}`);
  out.push(`- Commit: \`${run.commit}\`${run.dirty ? ' (with uncommitted changes in the checkout)' : ''}`);
  out.push(`- Machine load average (1, 5, 15 min) at start: ${run.loadavg.start}; at end: ${run.loadavg.end}`);
  out.push(`- Total time: ${formatDuration(run.seconds)}`);
  const busiest = Math.max(...[run.loadavg.start, run.loadavg.end].map((l) => Number(String(l).split(' ')[0]) || 0));
  if (run.cores && busiest > run.cores) {
    out.push(
      `- **The machine was busy** (1-minute load average up to ${busiest} on ${run.cores} cores): CPU-bound figures (TBT, requests and transfers per second) are lower than on an idle machine; compare ratios measured in the same run.`,
    );
  }
  out.push(`- Targets met: ${c.met} of ${c.targets} (${c.figures} figures)`);
  out.push('');
  for (const p of run.parts) {
    out.push(`## ${p.title}`);
    out.push('');
    if (p.status !== 'ok') out.push(`**${p.status === 'skipped' ? 'Skipped' : 'Failed'}:** ${p.note ?? ''}`, '');
    else if (p.note) out.push(p.note, '');
    if (p.figures.length) {
      out.push('| Figure | Value | Target | Met | Note |', '|---|---:|---|---|---|');
      for (const f of p.figures) {
        out.push(
          `| ${mdCell(f.label)} | ${mdCell(formatValue(f.value, f.unit))} | ${mdCell(formatTarget(f))} | ${metText(f)} | ${mdCell(f.note ?? '')} |`,
        );
      }
      out.push('');
    }
    if (p.details) out.push(p.details, '');
    if (p.seconds !== undefined) out.push(`_(${formatDuration(p.seconds)})_`, '');
  }
  return out.join('\n');
}

export function formatDuration(seconds) {
  const s = Math.round(seconds);
  return s >= 60 ? `${Math.floor(s / 60)} min ${s % 60} s` : `${s} s`;
}

/** bench/report.html: the tables and, per figure, a line chart over the history with its target. */
export function renderHtml(run, history) {
  // the UMD build is not in chart.js's exports map: found beside its main file (dist/chart.cjs)
  const chartJs = fs.readFileSync(path.join(path.dirname(require.resolve('chart.js')), 'chart.umd.min.js'), 'utf8');
  const c = summaryCounts(run);
  const figures = run.parts.flatMap((p) => p.figures);
  const series = figures.map((f) => ({
    id: f.id,
    label: f.label,
    unit: f.unit,
    target: f.target ? f.target.value : null,
    points: history
      .filter((h) => h.figures && typeof h.figures[f.id] === 'number')
      .map((h) => ({
        x: h.date.slice(0, 16).replace('T', ' '),
        y: h.figures[f.id],
        commit: h.commit?.slice(0, 8),
        load: h.loadavg?.start,
      })),
  }));
  const tables = run.parts
    .map((p) => {
      const status =
        p.status === 'ok'
          ? p.note
            ? `<p>${esc(p.note)}</p>`
            : ''
          : `<p class="${p.status}"><b>${p.status === 'skipped' ? 'Skipped' : 'Failed'}:</b> ${esc(p.note ?? '')}</p>`;
      const rows = p.figures
        .map((f) => {
          const m = met(f);
          return `<tr><td>${esc(f.label)}</td><td class="num">${esc(formatValue(f.value, f.unit))}</td><td>${esc(formatTarget(f))}</td><td class="${m === null ? '' : m ? 'met' : 'missed'}">${metText(f)}</td><td>${esc(f.note ?? '')}</td></tr>`;
        })
        .join('\n');
      const table = p.figures.length
        ? `<table><thead><tr><th>Figure</th><th>Value</th><th>Target</th><th>Met</th><th>Note</th></tr></thead><tbody>${rows}</tbody></table>`
        : '';
      const details = p.details ? `<details><summary>Details</summary><pre>${esc(p.details)}</pre></details>` : '';
      return `<section><h2>${esc(p.title)}</h2>${status}${table}${details}</section>`;
    })
    .join('\n');
  // the data is JSON inside a script element: "<" is escaped so no value can close the element
  const data = JSON.stringify(series).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Khela benchmark report</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#1b1f24;max-width:1200px}
table{border-collapse:collapse;margin:8px 0 16px}td,th{border:1px solid #d0d7de;padding:4px 8px;text-align:left}
td.num{text-align:right;font-variant-numeric:tabular-nums}.met{color:#1a7f37;font-weight:600}.missed{color:#cf222e;font-weight:700}
p.failed{color:#cf222e}p.skipped{color:#9a6700}.charts{display:grid;grid-template-columns:repeat(auto-fill,minmax(340px,1fr));gap:16px}
.chart{border:1px solid #d0d7de;padding:8px;border-radius:6px}.chart h3{font-size:13px;margin:0 0 4px}
</style></head><body>
<h1>Khela benchmark report${run.smoke ? ' (smoke)' : ''}</h1>
<p>${esc(run.date)} · commit <code>${esc(run.commit)}</code>${run.dirty ? ' (uncommitted changes)' : ''} · load average ${esc(run.loadavg.start)} → ${esc(run.loadavg.end)} · ${esc(formatDuration(run.seconds))} · targets met: ${c.met} of ${c.targets}</p>
${tables}
<h2>Over time (bench/history.jsonl, ${history.length} run${history.length === 1 ? '' : 's'})</h2>
<div class="charts" id="charts"></div>
<script>${chartJs}</script>
<script>
const series = ${data};
const root = document.getElementById('charts');
for (const s of series) {
  const box = document.createElement('div'); box.className = 'chart';
  const h = document.createElement('h3'); h.textContent = s.label + (s.unit && s.unit !== 'ratio' ? ' (' + s.unit + ')' : '');
  const canvas = document.createElement('canvas'); canvas.height = 180;
  box.append(h, canvas); root.append(box);
  const labels = s.points.map((p) => p.x);
  const datasets = [{ label: s.label, data: s.points.map((p) => p.y), borderColor: '#0969da', backgroundColor: '#0969da', tension: 0 }];
  if (s.target !== null) datasets.push({ label: 'target', data: s.points.map(() => s.target), borderColor: '#cf222e', borderDash: [6, 4], pointRadius: 0 });
  new Chart(canvas, { type: 'line', data: { labels, datasets }, options: { animation: false, plugins: { legend: { display: false },
    tooltip: { callbacks: { afterLabel: (ctx) => { const p = s.points[ctx.dataIndex]; return p && ctx.datasetIndex === 0 ? 'commit ' + p.commit + ', load ' + p.load : ''; } } } },
    scales: { y: { beginAtZero: true } } } });
}
</script>
</body></html>
`;
}
