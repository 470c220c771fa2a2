import '@khela/web/test/mock-shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetHost } from '@khela/web/test/fake-host';
import { current, renderScreen } from '../../test/render';
import { GameRun, closeTarget } from './GameRun';

beforeEach(resetHost);

describe('/gamerun', () => {
  it('shows the provider page in a sandboxed frame and Close returns to the originating list', async () => {
    renderScreen(<GameRun />, '/gamerun', {
      url: 'http://sandbox.test/provider/play?token=abc',
      gameName: 'Sandbox Slots',
      from: { pathname: '/games', search: '?type=SLOT&system=SANDBOX' },
    });
    const frame = screen.getByTitle('Sandbox Slots') as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe('http://sandbox.test/provider/play?token=abc');
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-forms');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(current.path).toBe('/games');
    expect(current.search).toBe('?type=SLOT&system=SANDBOX');
  });

  it('goes to / when there were no originating params', () => {
    expect(closeTarget({ url: 'x', gameName: 'g' })).toBe('/');
    expect(closeTarget({ url: 'x', gameName: 'g', from: { pathname: '/games', search: '' } })).toBe('/');
    expect(closeTarget(null)).toBe('/');
    expect(closeTarget({ url: 'x', gameName: 'g', from: { pathname: '/games', search: '?type=EGAME' } })).toBe('/games?type=EGAME');
  });

  it('without a frame address offers Close to /', async () => {
    renderScreen(<GameRun />, '/gamerun');
    expect(screen.getByTestId('gamerun-empty')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(current.path).toBe('/');
  });
});
