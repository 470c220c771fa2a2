import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeSession } from '../account/fake-session.test-util';
import { ChainStatus } from './ChainStatus';

describe('the audit chain check', () => {
  it('asks the API and shows an intact chain, then a broken one with the rows named', async () => {
    let ok = true;
    const fake = fakeSession(
      {},
      {
        'GET /api/operator/audit/chain': () => ({
          ok,
          sealed: 12,
          unsealed: 1,
          head: 12,
          problems: ok ? [] : ['audit row 7 differs from its seal (changed after sealing)'],
          checked_at: '2026-11-27T06:00:00Z',
        }),
      },
    );
    render(fake.wrap(<ChainStatus />));
    fireEvent.click(screen.getByRole('button', { name: 'Verify hash chain' }));
    expect((await screen.findByTestId('audit-chain-state')).textContent).toBe('Intact');
    expect(screen.getByTestId('audit-chain').textContent).toContain('12 sealed up to #12; 1 awaiting the seal job');
    ok = false;
    fireEvent.click(screen.getByRole('button', { name: 'Verify hash chain' }));
    expect((await screen.findByTestId('audit-chain-problems')).textContent).toContain('audit row 7 differs');
    expect(screen.getByTestId('audit-chain-state').textContent).toBe('Broken');
  });
});
