// The figure contract every part of `pnpm bench` speaks (the API bench scripts write it with --json):
//   { "part": "<name>", "figures": [ { "id", "label", "value", "unit", "target": { "op", "value", "text" } | null, "note"? } ] }
// and the small helpers the runner and the report share: checking a part's JSON, met/missed, formatting.

const OPS = new Set(['<=', '>=', '<', '>']);

/**
 * Checks a part's JSON (parsed) against the contract; returns its figures, or throws naming what is wrong.
 * @returns {{ part: string, figures: Figure[] }}
 * @typedef {{ id: string, label: string, value: number | null, unit: string, target: Target | null, note?: string }} Figure
 * @typedef {{ op: '<=' | '>=' | '<' | '>', value: number, text?: string }} Target
 */
export function parsePartJson(json, expectedPart) {
  if (!json || typeof json !== 'object') throw new Error('not a JSON object');
  if (typeof json.part !== 'string' || !json.part) throw new Error('"part" is missing');
  if (expectedPart && json.part !== expectedPart) throw new Error(`"part" is "${json.part}", expected "${expectedPart}"`);
  if (!Array.isArray(json.figures)) throw new Error('"figures" is not a list');
  const seen = new Set();
  const figures = json.figures.map((f, i) => {
    const where = `figures[${i}]`;
    if (!f || typeof f !== 'object') throw new Error(`${where} is not an object`);
    if (typeof f.id !== 'string' || !f.id) throw new Error(`${where}.id is missing`);
    if (seen.has(f.id)) throw new Error(`${where}.id "${f.id}" appears twice`);
    seen.add(f.id);
    if (f.value !== null && (typeof f.value !== 'number' || !Number.isFinite(f.value))) throw new Error(`${f.id}: value is not a number`);
    if (typeof f.unit !== 'string') throw new Error(`${f.id}: unit is missing`);
    let target = null;
    if (f.target != null) {
      if (!OPS.has(f.target.op) || typeof f.target.value !== 'number')
        throw new Error(`${f.id}: target needs op (<=, >=, <, >) and a numeric value`);
      target = { op: f.target.op, value: f.target.value, text: typeof f.target.text === 'string' ? f.target.text : undefined };
    }
    return {
      id: f.id,
      label: typeof f.label === 'string' && f.label ? f.label : f.id,
      value: f.value,
      unit: f.unit,
      target,
      ...(typeof f.note === 'string' && f.note ? { note: f.note } : {}),
    };
  });
  return { part: json.part, figures };
}

/** true (met), false (missed) or null (no target, or no value). */
export function met(figure) {
  const t = figure.target;
  if (!t || figure.value === null || figure.value === undefined) return null;
  const v = figure.value;
  switch (t.op) {
    case '<=':
      return v <= t.value;
    case '>=':
      return v >= t.value;
    case '<':
      return v < t.value;
    case '>':
      return v > t.value;
    default:
      return null;
  }
}

const OP_SIGN = { '<=': '≤', '>=': '≥', '<': '<', '>': '>' };

/** A value with its unit, rounded the way the unit is read (ms whole, ratios to 2 places, ...). */
export function formatValue(value, unit) {
  if (value === null || value === undefined) return '—';
  const digits = Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : Math.abs(value) >= 1 ? 2 : 3;
  const n = value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 });
  if (unit === 'ratio' || unit === '' || unit === 'score') return n;
  return `${n} ${unit}`;
}

export function formatTarget(figure) {
  const t = figure.target;
  if (!t) return '';
  return t.text ?? `${OP_SIGN[t.op]} ${formatValue(t.value, figure.unit)}`;
}

export function metText(figure) {
  const m = met(figure);
  return m === null ? '' : m ? 'met' : 'MISSED';
}

/** A figure of a part the runner measures itself. */
export function figure(id, label, value, unit, target = null, note) {
  return { id, label, value: value ?? null, unit, target, ...(note ? { note } : {}) };
}

export const at_most = (value, text) => ({ op: '<=', value, text });
export const at_least = (value, text) => ({ op: '>=', value, text });
