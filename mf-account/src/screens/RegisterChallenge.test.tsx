import '@khela/web/test/mock-shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@khela/web';
import { CHALLENGE_MESSAGES, CHALLENGE_REQUIRED } from '@khela/contracts';
import { calls, resetHost, responders } from '@khela/web/test/fake-host';
import { renderScreen } from '../../test/render';
import { Register } from './Register';

/**
 * Issue 27 item 4: /register solves a proof-of-work challenge (no image captcha any more) before it posts, shows
 * "Verifying…" meanwhile, and solves a new one for every attempt.
 */
let release: () => void = () => undefined;
vi.mock('@khela/web/challenge/solver', () => ({
  solveChallenge: vi.fn(
    (challenge: unknown) =>
      new Promise((resolve) => {
        release = () => resolve({ challenge, solution: { counter: 1, derivedKey: 'cd' } });
      }),
  ),
}));

let served = 0;
beforeEach(() => {
  resetHost();
  served = 0;
  responders.set('GET /api/challenge', () => ({ parameters: { nonce: `n${++served}` }, signature: 's' }));
});

const type = (label: string, v: string) => userEvent.type(screen.getByLabelText(label), v);

async function fillBothSteps() {
  renderScreen(<Register />, '/register');
  await type('Username', 'deskuser1');
  await type('Password', 'secret123');
  await type('Confirm Password', 'secret123');
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByText('Step 2: Personal information');
  await type('Full Name', 'Desk User');
  await type('Phone Number', '1712345678');
  await type('Email', 'desk@example.com');
  await userEvent.click(screen.getByRole('checkbox'));
}

describe('Register: a proof-of-work challenge instead of the captcha', () => {
  it('has no captcha field; says "Verifying…" while solving, then posts with the solution', async () => {
    responders.set('POST /api/v1/create-players/desktop', () => {
      throw new ApiError('The username has already been taken.', 422, {
        message: 'The username has already been taken.',
        errors: { username: ['The username has already been taken.'] },
      });
    });
    await fillBothSteps();
    expect(screen.queryByLabelText('Captcha')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect((await screen.findByTestId('challenge-verifying')).textContent).toBe('Verifying…');
    expect(screen.getByRole('button', { name: 'Verifying…' })).toBeTruthy();
    expect(calls.map((c) => c.path)).toEqual(['/api/challenge']);
    release();
    expect((await screen.findByTestId('register-server-errors')).textContent).toContain('The username has already been taken.');
    expect(screen.queryByTestId('challenge-verifying')).toBeNull();
    const sent = calls.find((c) => c.path === '/api/v1/create-players/desktop')!;
    expect(JSON.parse(atob(sent.opts.headers['X-Challenge'])).challenge.parameters.nonce).toBe('n1');
    // the next attempt solves a new challenge (each is accepted once)
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(served).toBe(2));
    release();
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/v1/create-players/desktop').length).toBe(2));
  });

  it('an expired solution (428 challenge_required) is solved again and sent once more', async () => {
    let posts = 0;
    responders.set('POST /api/v1/create-players/desktop', () => {
      if (++posts === 1)
        throw new ApiError(CHALLENGE_MESSAGES.invalid, 428, { message: CHALLENGE_MESSAGES.invalid, code: CHALLENGE_REQUIRED });
      return { message: 'Registration Successful!', token: 't', remote_id: 9, username: 'deskuser1' };
    });
    vi.spyOn(window, 'alert').mockImplementation(() => {});
    await fillBothSteps();
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByTestId('challenge-verifying');
    release();
    await waitFor(() => expect(served).toBe(2));
    release();
    await waitFor(() => expect(posts).toBe(2));
    expect(window.alert).toHaveBeenCalledWith('Registration Successful!');
  });

  it("shows the server's throttle message", async () => {
    responders.set('POST /api/v1/create-players/desktop', () => {
      throw new ApiError('Too many attempts. Please try again in 60 minutes.', 429, {
        message: 'Too many attempts. Please try again in 60 minutes.',
      });
    });
    await fillBothSteps();
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByTestId('challenge-verifying');
    release();
    expect((await screen.findByTestId('register-error')).textContent).toBe('Too many attempts. Please try again in 60 minutes.');
  });
});
