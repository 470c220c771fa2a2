import '@khela/web/test/mock-shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { resetHost } from '@khela/web/test/fake-host';
import { renderScreen } from '../../test/render';
import { GameRun, gameFrame } from './GameRun';

beforeEach(resetHost);

describe('game frame sandbox (issue 10 item 11)', () => {
  it('keeps scripts only while the provider is on another origin', () => {
    expect(gameFrame('https://games.example/play?t=1', 'https://khela.example')).toEqual({
      src: 'https://games.example/play?t=1',
      sandbox: 'allow-scripts allow-same-origin allow-forms',
    });
    expect(gameFrame('https://khela.example/provider/play', 'https://khela.example')).toEqual({
      src: 'https://khela.example/provider/play',
      sandbox: '',
    });
  });

  it('refuses a frame address that is not http(s)', () => {
    expect(gameFrame('javascript:alert(1)', 'https://khela.example')).toBeNull();
    expect(gameFrame('data:text/html,<script>1</script>', 'https://khela.example')).toBeNull();
  });

  it('renders no frame for a javascript: address, and a same-origin one without scripts', () => {
    const { unmount } = renderScreen(<GameRun />, '/gamerun', { url: 'javascript:alert(1)', gameName: 'Evil' });
    expect(screen.queryByTitle('Evil')).toBeNull();
    expect(screen.getByTestId('gamerun-empty')).toBeTruthy();
    unmount();
    renderScreen(<GameRun />, '/gamerun', { url: `${window.location.origin}/provider/play`, gameName: 'Local' });
    expect((screen.getByTitle('Local') as HTMLIFrameElement).getAttribute('sandbox')).toBe('');
  });
});
