import { describe, expect, it } from 'vitest';
import { auditDiff, diffSummary } from './diff';

describe('audit diff', () => {
  it('compares objects field by field, marking what changed', () => {
    expect(auditDiff({ role: 'support', disabled: false }, { role: 'payments', disabled: false, name: 'A' })).toEqual([
      { key: 'role', before: 'support', after: 'payments', changed: true },
      { key: 'disabled', before: 'false', after: 'false', changed: false },
      { key: 'name', before: '—', after: 'A', changed: true },
    ]);
    expect(diffSummary({ role: 'support', disabled: false }, { role: 'payments', disabled: false })).toBe('role: support → payments');
  });

  it('a creation lists the new record; nothing at all is empty; scalars are one row', () => {
    expect(diffSummary(null, { username: 'agent7', role: 'support' })).toBe('username: agent7; role: support');
    expect(auditDiff(null, null)).toEqual([]);
    expect(auditDiff(1, 2)).toEqual([{ key: 'value', before: '1', after: '2', changed: true }]);
    expect(auditDiff({ a: { x: 1 } }, { a: { x: 1 } })[0]!.changed).toBe(false);
  });
});
