import { describe, expect, it, vi } from 'vitest';
import { render, screen, fireEvent } from '@testing-library/react';
import { defineRemote } from '@khela/web';
import { testHost } from '@khela/web/test/fake-host';

const loadRemoteApp = vi.fn();
vi.mock('./remotes', async (orig) => ({
  ...(await orig<typeof import('./remotes')>()),
  loadRemoteApp: (...args: unknown[]) => loadRemoteApp(...args),
}));
const { RemoteArea } = await import('./RemoteArea');
const { RemoteLoadError } = await import('./remotes');

// the fake shell facade the remotes' tests use; the area only hands it through to the parcel
const host = testHost;

describe('RemoteArea', () => {
  it('shows a fallback with Retry when the remote cannot be loaded, and mounts it after a successful retry', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    loadRemoteApp.mockRejectedValueOnce(new RemoteLoadError('mf_wallet', 'unavailable'));
    render(<RemoteArea remote="mf_wallet" host={host} />);
    const fallback = await screen.findByTestId('remote-fallback-mf_wallet');
    expect(fallback.textContent).toContain('This section could not be loaded.');
    expect(loadRemoteApp).toHaveBeenLastCalledWith('mf_wallet', { retry: false });

    loadRemoteApp.mockResolvedValueOnce(defineRemote(() => <p>wallet content</p>, { name: 'wallet' }));
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('wallet content')).toBeTruthy();
    expect(loadRemoteApp).toHaveBeenLastCalledWith('mf_wallet', { retry: true });
    warn.mockRestore();
  });

  it('shows the fallback when mounting throws', async () => {
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    loadRemoteApp.mockResolvedValueOnce({
      bootstrap: async () => {},
      mount: async () => {
        throw new Error('broken chunk');
      },
      unmount: async () => {},
    });
    render(<RemoteArea remote="mf_casino" host={host} />);
    expect(await screen.findByTestId('remote-fallback-mf_casino')).toBeTruthy();
    err.mockRestore();
  });
});
