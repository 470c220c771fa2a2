import '@khela/web/test/mock-shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { calls, resetHost, responders } from '@khela/web/test/fake-host';
import { current, renderScreen } from '../../test/render';
import { Register } from './Register';

beforeEach(() => {
  resetHost();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('<svg/>', { headers: { 'X-Captcha-Id': 'cap-1' } })),
  );
});

const type = (label: string, v: string) => userEvent.type(screen.getByLabelText(label), v);

describe('Register (spec 5, desktop two steps)', () => {
  it('checks step 1, then step 2 and the age box, then registers with the captcha', async () => {
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
    await type('Captcha', '1234');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByTestId('register-error').textContent).toBe('You must confirm that you are 18 years old.');
    expect(screen.getByText('+880')).toBeTruthy();
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(current.path).toBe('/'));
    expect(alert).toHaveBeenCalledWith('Registration Successful!');
    expect(calls[0]!.opts.body).toMatchObject({
      currency: 'INR',
      name: 'Desk User',
      captcha: '1234',
      captcha_id: 'cap-1',
      email: 'desk@example.com',
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
