import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LinkedAccounts } from './LinkedAccounts';

const link = (over: Partial<Parameters<typeof LinkedAccounts>[0]['links'][number]> = {}) => ({
  player_id: 12,
  username: 'rahim88',
  reason: 'phone' as const,
  reason_label: 'Same verified phone',
  detail: '01711111111',
  created_at: '2026-11-20T10:00:00.000Z',
  ...over,
});

describe('LinkedAccounts (the player page)', () => {
  it('lists each link with its reason and what is shared, and says when a linked account is self-excluded', () => {
    render(
      <MemoryRouter>
        <LinkedAccounts
          links={[
            link({ self_excluded_until: '2027-05-20T10:00:00.000Z' }),
            link({ player_id: 13, username: 'karim', reason: 'device', reason_label: 'Same device', detail: 'a1b2c3d4…' }),
          ]}
        />
      </MemoryRouter>,
    );
    const box = screen.getByTestId('linked-accounts');
    expect(box.textContent).toContain('Linked accounts (2)');
    expect(within(box).getByTestId('linked-excluded').textContent).toMatch(/self-excluded: deposits and stakes here are refused/);
    const rows = within(box).getAllByTestId('linked-account');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/rahim88 #12.*Same verified phone.*01711111111.*until/),
      expect.stringMatching(/karim #13.*Same device.*a1b2c3d4….*—$/),
    ]);
    expect(within(rows[0]!).getByRole('link').getAttribute('href')).toBe('/players/12');
  });

  it('shows nothing without links, and no warning when no linked account is excluded', () => {
    const { container } = render(
      <MemoryRouter>
        <LinkedAccounts links={[]} />
      </MemoryRouter>,
    );
    expect(container.textContent).toBe('');
    render(
      <MemoryRouter>
        <LinkedAccounts links={[link()]} />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('linked-excluded')).toBeNull();
    expect(screen.getByTestId('linked-account').textContent).toMatch(/—$/);
  });

  it('a permanent self-exclusion says so', () => {
    render(
      <MemoryRouter>
        <LinkedAccounts links={[link({ self_excluded_until: null })]} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('linked-account').textContent).toMatch(/permanent$/);
    expect(screen.getByTestId('linked-excluded')).toBeTruthy();
  });
});
