import '@khela/web/test/mock-shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, i18n } from '@khela/web';
import { resetHost, testQueryClient } from '@khela/web/test/fake-host';
import { renderScreen } from '@khela/web/test/render-screen';
import '../i18n';

// the page's API client: the sliders are down until the test brings them back; the rest answers
let slidersDown = true;
const slider = { id: 1, name: 'Welcome', link: null, thubmnail: '/s.svg', message_id: null, status: '1', slider_type: 'Favourite' };
const call = vi.fn(async (ep: { path: string }) => {
  if (ep.path === '/api/sliders' || ep.path.includes('slider')) {
    if (slidersDown) throw new ApiError('Network error, please try again later.', 0, undefined, true);
    return [slider];
  }
  throw new ApiError('Server error', 500, {});
});
vi.mock('../page', () => ({
  page: () => ({
    api: { baseURL: 'http://api.test', call, url: (p: string) => `http://api.test${p}` },
    queryClient: testQueryClient(),
    sessionService: { receiveSupportContacts: () => undefined },
  }),
}));

const { Home } = await import('./Home');

beforeEach(() => {
  resetHost();
  slidersDown = true;
});

describe('Home when the API fails (issue 34 item 4)', () => {
  it('says the banners and games could not be loaded, with Retry, in English and Bangla; Retry shows them', async () => {
    renderScreen(<Home />);
    const failed = await screen.findByTestId('home-error');
    expect(failed.textContent).toContain('The banners and games could not be loaded. Network error, please try again later.');
    await act(() => i18n.changeLanguage('bn'));
    expect(screen.getByTestId('home-error').textContent).toContain('ব্যানার ও গেমগুলো লোড করা যায়নি।');
    slidersDown = false;
    await userEvent.click(within(screen.getByTestId('home-error')).getByRole('button', { name: 'আবার চেষ্টা করুন' }));
    expect(await screen.findByTestId('favourites-slider')).toBeTruthy();
    expect(screen.queryByTestId('home-error')).toBeNull();
    // the general settings (the marquee) failed too: a decorative block stays silent
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
  });
});
