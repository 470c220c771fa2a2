import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { StaffDashboard } from '@khela/contracts';
import { fakeSession } from './areas/account/fake-session.test-util';
import { App } from './App';

const DASHBOARD: StaffDashboard = {
  pending: [{ action: 'deposit', currency: 'BDT', count: 2, amount: null }],
  open_chats: 1,
  players_online: 3,
  today: null,
  alerts: [],
  alerts_total: 0,
};

function open(path: string, role: 'content' | 'support') {
  const fake = fakeSession({ role, username: role }, { 'GET /api/operator/dashboard': () => DASHBOARD });
  render(fake.wrap(<MemoryRouter initialEntries={[path]}>{<App />}</MemoryRouter>));
  return fake;
}

describe('a page of another role', () => {
  it('says whose page it is instead of moving to the dashboard', async () => {
    open('/markets/1.230003002', 'content');
    const note = await screen.findByTestId('not-for-role');
    expect(note.textContent).toContain('Exchange: not for your role');
    expect(note.textContent).toContain('Exchange is for risk staff and admins');
    expect(note.textContent).toContain('content (content)');
    expect(screen.getByRole('link', { name: 'Go to the dashboard' }).getAttribute('href')).toBe('/dashboard');
  });

  it('the content role sees the queues without money: no amounts, no Today table', async () => {
    open('/dashboard', 'content');
    const tile = await screen.findByTestId('tile-pending-deposit');
    expect(tile.textContent).toContain('2 in BDT');
    expect(tile.textContent).not.toContain('BDT 0');
    expect(screen.queryByTestId('today')).toBeNull();
    expect(screen.queryByText(/^Today/)).toBeNull();
  });
});
