import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { SlideLink } from './Home';

/** Issue 10 item 11: a slider link from server data renders as a link only for http(s) or a site path. */
describe('SlideLink', () => {
  const hrefOf = (link: string | null) => {
    const { unmount } = render(
      <MemoryRouter>
        <SlideLink link={link} label="banner">
          x
        </SlideLink>
      </MemoryRouter>,
    );
    const href = screen.getByLabelText('banner').getAttribute('href');
    unmount();
    return href;
  };

  it('an outside http(s) address opens as is; a site path stays a route', () => {
    expect(hrefOf('https://promo.example/a')).toBe('https://promo.example/a');
    expect(hrefOf('/games?type=SLOT')).toBe('/games?type=SLOT');
  });

  it('a javascript:, data: or protocol-relative link never becomes the href', () => {
    for (const bad of ['javascript:alert(1)', ' JAVASCRIPT:alert(1)', 'data:text/html,x', '//evil.example/x']) {
      expect(hrefOf(bad)).toBe('/promotions');
    }
    expect(hrefOf(null)).toBe('/promotions');
  });
});
