import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderScreen } from '../../test/render';
import { ErrorModal } from './ErrorModal';

describe('ErrorModal (jsdom + DOMPurify)', () => {
  it('renders server HTML but a script or handler in the message never runs', async () => {
    const hit = vi.fn();
    (window as unknown as { __pwned: () => void }).__pwned = hit;
    const message =
      '<b>Bold</b> text<script>window.__pwned()</script><img src="x" onerror="window.__pwned()"><a href="javascript:window.__pwned()">link</a>';
    renderScreen(<ErrorModal error={{ message }} onClose={() => undefined} />);
    const box = await screen.findByTestId('error-modal-message');
    expect(box.querySelector('b')?.textContent).toBe('Bold');
    expect(box.innerHTML).not.toContain('<script');
    expect(box.innerHTML).not.toContain('onerror');
    expect(box.innerHTML).not.toContain('javascript:');
    (box.querySelector('a') as HTMLAnchorElement | null)?.click();
    await new Promise((r) => setTimeout(r, 50));
    expect(hit).not.toHaveBeenCalled();
  });

  it('adds the profile link when asked', async () => {
    renderScreen(<ErrorModal error={{ message: 'Please verify your phone number first.', profileLink: true }} onClose={() => undefined} />);
    expect((await screen.findByTestId('profile-link')).getAttribute('href')).toBe('/profile');
  });
});
