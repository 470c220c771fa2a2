import '@khela/web/test/mock-shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@khela/web';
import { calls, resetHost, responders } from '@khela/web/test/fake-host';
import { renderScreen } from '../../test/render';
import { Register } from './Register';

/** Issue 10 item 9: /register posts to the desktop endpoint with the captcha and shows what the server says. */
let captchaLoads = 0;
beforeEach(() => {
  resetHost();
  captchaLoads = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('<svg/>', { headers: { 'X-Captcha-Id': `cap-${++captchaLoads}` } })),
  );
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
  await type('Captcha', '4321');
  await userEvent.click(screen.getByRole('checkbox'));
  await waitFor(() => expect(captchaLoads).toBe(1));
}

describe('Register: the captcha goes to the desktop endpoint', () => {
  it("sends the captcha id and answer to /api/v1/create-players/desktop and shows the server's captcha message, with a new captcha", async () => {
    responders.set('POST /api/v1/create-players/desktop', () => {
      throw new ApiError('The captcha is incorrect.', 422, {
        message: 'The captcha is incorrect.',
        errors: { captcha: ['The captcha is incorrect.'] },
      });
    });
    await fillBothSteps();
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect((await screen.findByTestId('register-server-errors')).textContent).toContain('The captcha is incorrect.');
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/v1/create-players/desktop' });
    expect(calls[0]!.opts.body).toMatchObject({ captcha: '4321', captcha_id: 'cap-1' });
    // the used captcha is replaced and its answer cleared
    await waitFor(() => expect(captchaLoads).toBe(2));
    expect((screen.getByLabelText('Captcha') as HTMLInputElement).value).toBe('');
  });

  it("shows the server's throttle message", async () => {
    responders.set('POST /api/v1/create-players/desktop', () => {
      throw new ApiError('Too many attempts. Please try again in 60 minutes.', 429, {
        message: 'Too many attempts. Please try again in 60 minutes.',
      });
    });
    await fillBothSteps();
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect((await screen.findByTestId('register-error')).textContent).toBe('Too many attempts. Please try again in 60 minutes.');
  });
});
