// Tests of the bench harness's own logic (not a benchmark): the figure contract, met/missed, merging an API
// script's JSON, the monolith ratios and the report files.  node --test bench/
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { formatTarget, formatValue, met, parsePartJson } from './figures.mjs';
import { figuresOf, median } from './lighthouse.mjs';
import { summariseInp } from './inp.mjs';
import { historyLine, readHistory, renderHtml, renderMarkdown } from './report.mjs';
import { lighthouseFigures, monolithFigures, readPartJson } from './run.mjs';

const fakeApiJson = {
  part: 'api-throughput',
  figures: [
    {
      id: 'balance.postgres.rps',
      label: 'POST /api/balance (PostgreSQL)',
      value: 600,
      unit: 'req/s',
      target: { op: '>=', value: 545, text: '≥ 25% of node:http' },
    },
    { id: 'balance.pglite.rps', label: 'POST /api/balance (PGlite)', value: 100, unit: 'req/s', target: { op: '>=', value: 218 } },
    { id: 'ceiling.node_http.rps', label: 'node:http ceiling', value: 2180, unit: 'req/s', target: null, note: 'fixed body' },
  ],
};

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'khela-bench-test-'));

describe('figure contract', () => {
  it('accepts a sound part and keeps label, unit, target and note', () => {
    const p = parsePartJson(fakeApiJson, 'api-throughput');
    assert.equal(p.figures.length, 3);
    assert.deepEqual(p.figures[0].target, { op: '>=', value: 545, text: '≥ 25% of node:http' });
    assert.equal(p.figures[2].note, 'fixed body');
    assert.equal(p.figures[2].target, null);
  });

  it('refuses a wrong part name, a repeated id, a non-numeric value and a target without op', () => {
    assert.throws(() => parsePartJson(fakeApiJson, 'ledger-transfers'), /expected "ledger-transfers"/);
    const twice = { part: 'x', figures: [fakeApiJson.figures[0], fakeApiJson.figures[0]] };
    assert.throws(() => parsePartJson(twice), /appears twice/);
    assert.throws(() => parsePartJson({ part: 'x', figures: [{ id: 'a', value: '12', unit: 'ms' }] }), /not a number/);
    assert.throws(() => parsePartJson({ part: 'x', figures: [{ id: 'a', value: 1, unit: 'ms', target: { value: 2 } }] }), /needs op/);
    assert.throws(() => parsePartJson({ part: 'x' }), /not a list/);
  });

  it('says met or missed by the target operator, and nothing without a target or a value', () => {
    assert.equal(met({ value: 1500, target: { op: '<=', value: 1500 } }), true);
    assert.equal(met({ value: 1501, target: { op: '<=', value: 1500 } }), false);
    assert.equal(met({ value: 544, target: { op: '>=', value: 545 } }), false);
    assert.equal(met({ value: 545, target: { op: '>', value: 545 } }), false);
    assert.equal(met({ value: 3, target: null }), null);
    assert.equal(met({ value: null, target: { op: '<=', value: 1 } }), null);
  });

  it('formats values by unit and targets by their text, else by operator', () => {
    assert.equal(formatValue(1234.4, 'ms'), '1,234 ms');
    assert.equal(formatValue(1.0678, 'ratio'), '1.07');
    assert.equal(formatValue(0.0312, ''), '0.031');
    assert.equal(formatValue(null, 'ms'), '—');
    assert.equal(formatTarget({ unit: 'req/s', target: { op: '>=', value: 1000 } }), '≥ 1,000 req/s');
    assert.equal(formatTarget({ unit: 'ms', target: { op: '<=', value: 150, text: '≤ 150 ms' } }), '≤ 150 ms');
  });
});

describe('merging an API script', () => {
  it('takes the figures of a script that exited 0 and wrote its JSON', () => {
    const dir = tmp();
    const file = path.join(dir, 'api-throughput.json');
    fs.writeFileSync(file, JSON.stringify(fakeApiJson));
    const r = readPartJson({ name: 'api-throughput' }, file, 0, 'x.log');
    assert.equal(r.status, 'ok');
    assert.deepEqual(
      r.figures.map((f) => [f.id, met(f)]),
      [
        ['balance.postgres.rps', true],
        ['balance.pglite.rps', false],
        ['ceiling.node_http.rps', null],
      ],
    );
  });

  it('fails a script that wrote no JSON, wrote broken JSON, or exited non-zero (keeping what it wrote)', () => {
    const dir = tmp();
    assert.equal(readPartJson({ name: 'push-fanout' }, path.join(dir, 'none.json'), 1, 'x.log').status, 'failed');
    const broken = path.join(dir, 'broken.json');
    fs.writeFileSync(broken, '{"part":"push-fanout","figures":[{"id":"p99"}]}');
    const b = readPartJson({ name: 'push-fanout' }, broken, 0, 'x.log');
    assert.equal(b.status, 'failed');
    assert.match(b.note, /value is not a number|unit is missing/);
    const good = path.join(dir, 'good.json');
    fs.writeFileSync(good, JSON.stringify(fakeApiJson));
    const nonZero = readPartJson({ name: 'api-throughput' }, good, 3, 'x.log');
    assert.equal(nonZero.status, 'failed');
    assert.equal(nonZero.figures.length, 3);
  });
});

describe('lighthouse figures', () => {
  const lhr = (lcp, tbt, scripts) => ({
    audits: {
      'largest-contentful-paint': { numericValue: lcp },
      'total-blocking-time': { numericValue: tbt },
      'cumulative-layout-shift': { numericValue: 0.01 },
      'first-contentful-paint': { numericValue: 900 },
      'network-requests': {
        details: {
          items: [...scripts.map((b) => ({ resourceType: 'Script', transferSize: b })), { resourceType: 'Image', transferSize: 999_999 }],
        },
      },
    },
    categories: { performance: { score: 0.9 } },
  });

  it('sums only the scripts transferred, in KB', () => {
    const f = figuresOf(lhr(1000, 100, [1024, 2048]));
    assert.equal(f.jsKb, 3);
    assert.equal(f.lcp, 1000);
    assert.equal(f.score, 90);
  });

  it('takes the median of each metric', () => {
    assert.equal(median([3, 1, 2]), 2);
    assert.equal(median([4, 1, 2, 3]), 2.5);
    assert.equal(median([null, 5]), 5);
    assert.equal(median([]), null);
  });

  it('puts home targets on home figures and the monolith ratios beside theirs', () => {
    const sum = (lcp, tbt, jsKb) => ({
      median: { lcp, tbt, cls: 0, fcp: 800, jsKb, score: 90 },
      runs: [{ lcp, tbt, cls: 0, fcp: 800, jsKb, score: 90 }],
    });
    const summaries = {
      'federated.home': sum(1400, 200, 180),
      'monolith.home': sum(1300, 100, 150),
      'federated.games': sum(2100, 50, 200),
      'monolith.games': sum(2000, 0, 200),
    };
    const lh = lighthouseFigures(summaries);
    const byId = Object.fromEntries(lh.map((f) => [f.id, f]));
    assert.equal(met(byId['lighthouse.home.lcp']), true);
    assert.equal(met(byId['lighthouse.home.tbt']), false);
    assert.equal(met(byId['lighthouse.home.js_kb']), false);
    assert.equal(met(byId['lighthouse.games.lcp']), false);
    assert.equal(byId['lighthouse.games.tbt'].target, null);
    const mono = Object.fromEntries(monolithFigures(summaries).map((f) => [f.id, f]));
    assert.equal(mono['mf_ratio.home.lcp'].value, 1400 / 1300);
    assert.equal(met(mono['mf_ratio.home.lcp']), true);
    assert.equal(met(mono['mf_ratio.home.js_kb']), false);
    assert.equal(mono['mf_ratio.games.tbt'].value, null, 'no ratio against a TBT of 0');
    assert.equal(mono['monolith.home.lcp'].target, null);
  });
});

describe('INP figures', () => {
  it('takes the median of the runs that measured, each part apart', () => {
    const s = summariseInp([
      { inp: 120, inputDelay: 20, processingDuration: 70, presentationDelay: 30 },
      { failed: 'locator.waitFor: Timeout' },
      { inp: 90, inputDelay: 10, processingDuration: 50, presentationDelay: 30 },
      { inp: 200, inputDelay: 40, processingDuration: 120, presentationDelay: 40 },
    ]);
    assert.deepEqual(s.median, { inp: 120, inputDelay: 20, processingDuration: 70, presentationDelay: 30 });
    assert.equal(s.runs.length, 4);
    assert.equal(summariseInp([{ failed: 'x' }]).median.inp, null);
  });
});

describe('report', () => {
  const run = {
    date: '2026-11-23T22:00:00.000Z',
    commit: 'abc123',
    dirty: false,
    smoke: false,
    seconds: 754,
    loadavg: { start: '1.00 1.10 1.20', end: '2.00 1.50 1.30' },
    parts: [
      { name: 'api-throughput', title: 'API throughput', status: 'ok', figures: parsePartJson(fakeApiJson).figures, seconds: 60 },
      { name: 'push-fanout', title: 'Push fan-out', status: 'skipped', note: 'api/bench/push-fanout.ts does not exist (yet)', figures: [] },
    ],
  };

  it('writes every figure beside its target and whether it is met, and names skipped parts', () => {
    const md = renderMarkdown(run);
    assert.match(md, /\| POST \/api\/balance \(PostgreSQL\) \| 600 req\/s \| ≥ 25% of node:http \| met \|/);
    assert.match(md, /\| POST \/api\/balance \(PGlite\) \| 100 req\/s \| ≥ 218 req\/s \| MISSED \|/);
    assert.match(md, /\*\*Skipped:\*\* api\/bench\/push-fanout\.ts does not exist/);
    assert.match(md, /Targets met: 1 of 2 \(3 figures\)/);
    assert.match(md, /Total time: 12 min 34 s/);
    assert.doesNotMatch(md, /machine was busy/);
    assert.match(
      renderMarkdown({ ...run, cores: 2, loadavg: { start: '1.0 1 1', end: '7.5 3 2' } }),
      /machine was busy\*\* \(1-minute load average up to 7.5 on 2 cores\)/,
    );
  });

  it('keeps one history line per run with every figure, and charts it with chart.js inlined', () => {
    const dir = tmp();
    const file = path.join(dir, 'history.jsonl');
    fs.writeFileSync(file, `${JSON.stringify(historyLine({ ...run, date: '2026-11-22T22:00:00.000Z' }))}\nnot json\n`);
    fs.appendFileSync(file, `${JSON.stringify(historyLine(run))}\n`);
    const history = readHistory(file);
    assert.equal(history.length, 2);
    assert.deepEqual(history[1].figures, { 'balance.postgres.rps': 600, 'balance.pglite.rps': 100, 'ceiling.node_http.rps': 2180 });
    assert.equal(history[1].commit, 'abc123');
    assert.equal(history[1].loadavg.start, '1.00 1.10 1.20');
    const html = renderHtml(run, history);
    assert.match(html, /Chart\.js v4/);
    assert.doesNotMatch(html, /<script[^>]+src=/, 'nothing is loaded from the network');
    assert.match(html, /"id":"balance.pglite.rps"/);
  });
});
