/** One field of an audit line's record, as it was and as it became. */
export interface DiffRow {
  key: string;
  before: string;
  after: string;
  changed: boolean;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A value as one line of text ('—' for absent). */
export function show(v: unknown): string {
  if (v === undefined || v === null) return '—';
  if (typeof v === 'string') return v;
  return JSON.stringify(v);
}

/**
 * Field-by-field comparison of an audit line's before and after (objects: the union of their keys in the order they
 * first appear; anything else: one row named 'value'). Changed fields are marked.
 */
export function auditDiff(before: unknown, after: unknown): DiffRow[] {
  if ((before === null || before === undefined) && (after === null || after === undefined)) return [];
  if ((isRecord(before) || before == null) && (isRecord(after) || after == null)) {
    const b = (before ?? {}) as Record<string, unknown>;
    const a = (after ?? {}) as Record<string, unknown>;
    const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
    return keys.map((key) => {
      const bs = key in b ? show(b[key]) : '—';
      const as = key in a ? show(a[key]) : '—';
      return { key, before: bs, after: as, changed: bs !== as };
    });
  }
  const bs = show(before);
  const as = show(after);
  return [{ key: 'value', before: bs, after: as, changed: bs !== as }];
}

/** The changed fields in one line: "role: support → payments; disabled: false → true". */
export function diffSummary(before: unknown, after: unknown): string {
  const rows = auditDiff(before, after);
  const changed = rows.filter((r) => r.changed);
  if (before == null) return rows.map((r) => `${r.key}: ${r.after}`).join('; ');
  return changed.map((r) => `${r.key}: ${r.before} → ${r.after}`).join('; ');
}
