import '@khela/web/test/mock-shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { resetHost } from '@khela/web/test/fake-host';
import { current, renderScreen } from '../../test/render';
import { CodeCapture } from './CodeCapture';

beforeEach(resetHost);

describe('code capture routes', () => {
  it('stores the code and goes to /signup', async () => {
    renderScreen(<CodeCapture type="referral_code" />, '/referral_code?referral_code=ABC123');
    await waitFor(() => expect(current.path).toBe('/signup'));
    expect(localStorage.getItem('referral_code')).toBe('ABC123');
  });

  it('alerts "No {type} found in the URL" when absent', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    renderScreen(<CodeCapture type="agent_code" />, '/agent_code');
    await waitFor(() => expect(current.path).toBe('/signup'));
    expect(alert).toHaveBeenCalledWith('No agent_code found in the URL');
    expect(localStorage.getItem('agent_code')).toBeNull();
  });
});
