import { describe, expect, it } from 'vitest';
import { serverAreas, type ServerRender } from './server-render';

const ssr = (areas: ServerRender['areas']): ServerRender => ({ queries: { queries: [], mutations: [] }, mobile: true, lang: 'en', areas });

describe('serverAreas', () => {
  it("takes a rendered area's markup from the page, as the first render must show it", () => {
    document.body.innerHTML =
      '<div id="root"><div data-remote="mf_casino" data-ssr="server"><div data-ssr-root=""><ul><li>Slot</li></ul></div></div></div>';
    expect(serverAreas(ssr({ mf_casino: 'server' }))).toEqual({ mf_casino: { mode: 'server', html: '<ul><li>Slot</li></ul>' } });
  });

  it('leaves an area the server did not render, or whose markup is missing, to the browser', () => {
    document.body.innerHTML = '<div id="root"></div>';
    expect(serverAreas(ssr({ mf_casino: 'browser' }))).toEqual({ mf_casino: { mode: 'browser' } });
    expect(serverAreas(ssr({ mf_casino: 'server' }))).toEqual({ mf_casino: { mode: 'browser' } });
    expect(serverAreas(ssr(undefined))).toEqual({});
  });
});
