import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { bus } from '@khela/web';
import { Toasts } from './Toasts';

describe('Toasts', () => {
  it('shows a message published on the bus by any remote', async () => {
    render(<Toasts />);
    act(() => bus.publish('toast', { kind: 'error', message: 'User not logged in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('User not logged in');
  });
});
