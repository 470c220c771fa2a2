import '@khela/web/test/mock-shared';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '../i18n';
import { BetEditForm, editable } from './BetEdit';
import { bet } from './fixtures.test-util';

const resting = bet({ side: 'LAY', price: 1.5, stake: '200.00', matched_stake: '0.00', unmatched_stake: '200.00', status: 'UNMATCHED' });

describe('editing an unmatched bet (issue 33)', () => {
  it('is offered only for a Match Odds bet out of its delay with an unmatched part', () => {
    expect(editable(resting)).toBe(true);
    expect(editable({ ...resting, status: 'PENDING' })).toBe(false);
    expect(editable({ ...resting, market_kind: 'BOOKMAKER' })).toBe(false);
    expect(editable(bet())).toBe(false);
  });

  it('says a lower stake keeps its place and sends only the stake; a tick up says back of the queue and sends the price', async () => {
    const save = vi.fn(async () => undefined);
    const done = vi.fn();
    render(<BetEditForm bet={resting} save={save} onDone={done} onClose={() => undefined} />);
    expect((screen.getByTestId('bet-edit-save') as HTMLButtonElement).disabled).toBe(true);
    await userEvent.clear(screen.getByTestId('bet-edit-stake'));
    await userEvent.type(screen.getByTestId('bet-edit-stake'), '150');
    expect(screen.getByTestId('bet-edit-note').textContent).toBe('A lower stake keeps your place in the queue.');
    await userEvent.click(screen.getByTestId('bet-edit-save'));
    expect(save).toHaveBeenCalledWith(resting.id, { stake: '150.00' }, expect.any(String));
    expect(done).toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Higher odds' }));
    expect((screen.getByTestId('bet-edit-price') as HTMLInputElement).value).toBe('1.51');
    expect(screen.getByTestId('bet-edit-note').textContent).toMatch(/^A new price or a higher stake places a new bet/);
    await userEvent.click(screen.getByTestId('bet-edit-save'));
    expect(save).toHaveBeenLastCalledWith(resting.id, { price: 1.51, stake: '150.00' }, expect.any(String));
  });
});
