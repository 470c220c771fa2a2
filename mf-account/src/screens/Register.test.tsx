import '@khela/web/test/mock-shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { calls, resetHost, responders } from '@khela/web/test/fake-host';
import { current, renderScreen } from '../../test/render';
import { Register } from './Register';

// the proof-of-work itself is tested in shared/web/src/challenge/solver.test.ts; here it answers at once
vi.mock('@khela/web/challenge/solver', () => ({
  solveChallenge: vi.fn(async (challenge: unknown) => ({ challenge, solution: { counter: 7, derivedKey: 'ab' } })),
}));

beforeEach(() => {
  resetHost();
  responders.set('GET /api/challenge', () => ({ parameters: { nonce: 'n' }, signature: 's' }));
});

const type = (label: string, v: string) => userEvent.type(screen.getByLabelText(label), v);

describe('Register (docs/README.md#spec-5, desktop two steps)', () => {
  it('checks step 1, then step 2 and the age box, then registers with a solved challenge', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    responders.set('POST /api/v1/create-players/desktop', () => ({
      message: 'Registration Successful!',
      token: 't',
      remote_id: 9,
      username: 'deskuser1',
    }));
    renderScreen(<Register />, '/register');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findByTestId('register-error')).textContent).toBe('Please fill in all fields.');
    await type('Username', 'deskuser1');
    await type('Password', 'secret123');
    await type('Confirm Password', 'secret12');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByTestId('register-error').textContent).toBe('Passwords do not match.');
    await type('Confirm Password', '3');
    await userEvent.selectOptions(screen.getByLabelText('Currency'), '7');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Step 2: Personal information')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByTestId('register-error').textContent).toBe('Please fill in all fields for step 2.');
    await type('Full Name', 'Desk User');
    await type('Phone Number', '1712345678');
    await type('Email', 'desk@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByTestId('register-error').textContent).toBe('You must confirm that you are 18 years old.');
    expect(screen.getByText('+880')).toBeTruthy();
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(current.path).toBe('/'));
    expect(alert).toHaveBeenCalledWith('Registration Successful!');
    const sent = calls.find((c) => c.path === '/api/v1/create-players/desktop')!;
    expect(sent.opts.body).toMatchObject({ currency: 'INR', name: 'Desk User', email: 'desk@example.com' });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/challenge', 'POST /api/v1/create-players/desktop']);
    expect(JSON.parse(atob(sent.opts.headers['X-Challenge']))).toEqual({
      challenge: { parameters: { nonce: 'n' }, signature: 's' },
      solution: { counter: 7, derivedKey: 'ab' },
    });
    expect(localStorage.getItem('regPopup')).toBe('1');
  });

  it('Previous returns to step 1', async () => {
    renderScreen(<Register />, '/register');
    await type('Username', 'deskuser1');
    await type('Password', 'secret123');
    await type('Confirm Password', 'secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Previous' }));
    expect(screen.getByText('Step 1: Account')).toBeTruthy();
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('deskuser1');
  });
});
