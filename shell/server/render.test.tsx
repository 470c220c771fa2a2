// @vitest-environment node
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { endpointQuery, useServerQuery, type HostProps } from '@khela/web';
import { getGames } from '@khela/contracts';
import { RENDERED, isPhone, renderPage, requestLocale, warmRemotes } from './render';
import { loadServerRemote, type ServerRemote } from './remotes';

// the casino's Node container, as its `./ssr` module (the real one is loaded over HTTP: e2e/tests/ssr.spec.ts)
vi.mock('./remotes', () => ({ SERVER_REMOTES: { mf_casino: 'casino', mf_exchange: 'exchange' }, loadServerRemote: vi.fn() }));
function CasinoGames() {
  const games = useServerQuery(getGames, { query: { type: 'SLOT' } }, { public: true });
  return (
    <ul data-testid="games" css={{ display: 'grid', gap: 8 }}>
      {games.data?.games.map((g) => (
        <li key={g.code}>{g.name}</li>
      ))}
    </ul>
  );
}
const casino: ServerRemote = {
  App: CasinoGames,
  prefetch: async (client: HostProps['queryClient'], _url: string, api) => {
    await client.fetchQuery(endpointQuery(api, getGames, { query: { type: 'SLOT' } }, { public: true }));
  },
};
const remotes = { mf_casino: 'http://casino.test/mf-manifest.json' };

// The API's answers of the first screen (shapes of the contracts), from a local HTTP server the render calls.
const answers: Record<string, unknown> = {
  '/api/general': {
    site_title: 'Khela',
    site_status: 1,
    system_notice: 'Server-rendered notice',
    support_mail: 'support@khela.example',
    withdrawal_status: 1,
    whatsapp: null,
    facebook: null,
    telegram: null,
    live_chat: null,
    intercom: null,
    tawk_id: null,
    marquee: [],
    popups: [],
  },
  '/api/logo': [{ id: 1, logo: '/storage/logo.svg', mobile_logo: '/storage/m.svg', loader_logo: null, favicon: null }],
  '/api/sliders': [
    {
      id: 1,
      name: 'Welcome Banner',
      link: '/promotions',
      thubmnail: '/storage/b1.svg',
      message_id: null,
      status: 'active',
      slider_type: 'Main',
    },
    {
      id: 2,
      name: 'Server Slots',
      link: '/games?type=SLOT',
      thubmnail: '/storage/f.svg',
      message_id: null,
      status: 'active',
      slider_type: 'Favourite',
    },
  ],
  '/api/promotion': [
    {
      id: 1,
      name: 'Server Welcome Offer',
      desc: 'A promotion rendered on the server.',
      thumbnail: '/storage/p1.svg',
      start_date: '2024-01-01',
      end_date: '2030-12-31',
      deposit_bouns: 100,
      max_bonus: '10000.00',
      turnover: 10,
      categories: 99,
      status: 'display',
    },
  ],
  '/api/sociallink': [],
  '/api/payment-methods': [],
  '/api/get-games': {
    games: [{ code: 'g1', name: 'Server Slot One', platform: 'SANDBOX', provider: null, type: 'SLOT', thumbnail: '/storage/g1.svg' }],
  },
};

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    const body = answers[(req.url ?? '').split('?')[0]!];
    res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' }).end(JSON.stringify(body ?? {}));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const phone = 'Mozilla/5.0 (Linux; Android 13; Pixel 7) Mobile Safari/537.36';

describe('server render of the shell', () => {
  it('renders home: the layout, the banner, categories and games, with critical CSS and the embedded data', async () => {
    const page = await renderPage({ url: '/', apiBase: base, userAgent: phone, nonce: 'n0nce' });
    expect(page).not.toBeNull();
    const { head, html, title } = page!;
    expect(title).toBe('Khela');
    // header, banner, categories, a game row, the footer: the same components as the browser's
    expect(html).toContain('data-testid="menu-button"');
    expect(html).toContain('aria-label="Welcome Banner"');
    expect(html).toContain(`src="${base}/storage/b1.svg"`);
    expect(html).toContain('Server Slots');
    expect(html).toContain('Server-rendered notice');
    expect(html).toContain('data-testid="site-footer"');
    expect(html).toMatch(/>Casino</);
    // no hidden boundary revealed by a script later
    expect(html).not.toContain('<template');
    // critical CSS with the response's nonce, for every class the markup uses
    expect(head).toMatch(/<style data-emotion="css [^"]+" nonce="n0nce">/);
    const used = new Set([...html.matchAll(/class="([^"]+)"/g)].flatMap((m) => m[1]!.split(' ')).filter((c) => c.startsWith('css-')));
    for (const cls of used) expect(head).toContain(`.${cls}`);
    // the data the browser hydrates from, without asking again
    const data = JSON.parse(/<script type="application\/json" id="khela-ssr">(.*?)<\/script>/.exec(head)![1]!);
    expect(data.mobile).toBe(true);
    const keys = data.queries.queries.map((q: { queryKey: string[] }) => q.queryKey[1]).sort();
    expect(keys).toEqual(['general', 'logo', 'payment-methods', 'sliders', 'sociallink']);
  });

  it("renders in the visitor's language (the lang cookie), both languages at once in one process", async () => {
    const asked: string[] = [];
    const [bn, en] = await Promise.all([
      renderPage({ url: '/', apiBase: base, userAgent: phone, nonce: 'n', cookie: 'x=1; lang=bn' }),
      renderPage({ url: '/', apiBase: base, userAgent: phone, nonce: 'n', cookie: 'lang=en' }),
    ]);
    asked.push(bn!.lang, en!.lang);
    expect(asked).toEqual(['bn', 'en']);
    expect(bn!.html).toContain('প্রিয় গেম');
    expect(bn!.html).not.toContain('Favourites');
    expect(en!.html).toContain('Favourites');
    expect(en!.html).not.toContain('প্রিয় গেম');
    expect(bn!.head).toContain('"lang":"bn"');
    // the data was read in that language (the content queries are keyed by it)
    const data = JSON.parse(/<script type="application\/json" id="khela-ssr">(.*?)<\/script>/.exec(bn!.head)![1]!);
    expect(data.queries.queries.find((q: { queryKey: string[] }) => q.queryKey[1] === 'general').queryKey).toContain('bn');
  });

  it('reads the language from the lang cookie only, English otherwise', () => {
    expect(requestLocale('lang=bn')).toBe('bn');
    expect(requestLocale('a=b;  lang=bn ; c=d')).toBe('bn');
    expect(requestLocale('xlang=bn')).toBe('en');
    expect(requestLocale('lang=fr')).toBe('en');
    expect(requestLocale(undefined)).toBe('en');
  });

  it('guesses the screen from the layout cookie the browser wrote, else from the User-Agent', async () => {
    const desktopUa = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
    expect(isPhone(phone)).toBe(true);
    expect(isPhone(desktopUa)).toBe(false);
    expect(isPhone(phone, 'lang=bn; layout=desktop')).toBe(false);
    expect(isPhone(desktopUa, 'layout=phone ; lang=en')).toBe(true);
    expect(isPhone(phone, 'xlayout=desktop')).toBe(true);
    expect(isPhone(desktopUa, 'layout=tablet')).toBe(false);
    // a tablet with a phone's User-Agent that measured a wide screen on its first page: the desktop layout from the server
    const [told, guessed] = await Promise.all([
      renderPage({ url: '/', apiBase: base, userAgent: phone, nonce: 'n', cookie: 'layout=desktop' }),
      renderPage({ url: '/', apiBase: base, userAgent: phone, nonce: 'n' }),
    ]);
    expect(told!.html).toContain('data-layout="desktop"');
    expect(told!.head).toContain('"mobile":false');
    expect(guessed!.html).toContain('data-layout="mobile"');
    expect(guessed!.head).toContain('"mobile":true');
  });

  it('renders promotions with their list', async () => {
    const page = await renderPage({ url: '/promotions', apiBase: base, userAgent: phone, nonce: 'n' });
    expect(page!.html).toContain('Server Welcome Offer');
    expect(page!.html).not.toContain('<template');
    expect(page!.head).toContain('"promotions"');
  });

  it("renders every client route's chrome: a remote's area without a container there is the browser's, marked, with its loading state", async () => {
    vi.mocked(loadServerRemote).mockClear();
    for (const url of ['/deposit', '/account', '/exchange', '/betting-record', '/chat']) {
      const page = await renderPage({ url, apiBase: base, userAgent: phone, nonce: 'n', remotes });
      expect(page, url).not.toBeNull();
      // the header on the shell's pages; the exchange's and the chat's pages are full screen on a phone (their own frame)
      if (!['/exchange', '/chat'].includes(url)) expect(page!.html, url).toContain('data-testid="menu-button"');
      expect(page!.html).toMatch(/<div data-ssr-area="mf_\w+" data-ssr="browser">/);
      expect(page!.head).toMatch(/"areas":\{"mf_\w+":"browser"\}/);
    }
    // a container is asked only on the pages it renders (/games, /odds-view)
    expect(loadServerRemote).not.toHaveBeenCalled();
    // an unknown path: the shell's chrome, the 404 (a player's: the guard decides in the browser) as the loading state
    const unknown = await renderPage({ url: '/no-such-page', apiBase: base, userAgent: phone, nonce: 'n' });
    expect(unknown!.html).toContain('data-testid="menu-button"');
    expect(unknown!.html).not.toContain('data-testid="not-found"');
  });

  it('leaves the aliases, the logout, maintenance and a failed read to the browser', async () => {
    // the routes the metrics name, and what is rendered (an unknown path too, under `other`)
    expect(RENDERED.has('/deposit') && RENDERED.has('/odds-view') && RENDERED.has('/')).toBe(true);
    expect(RENDERED.has('/no-such-page') || RENDERED.has('/casino')).toBe(false);
    expect([RENDERED.renders('/no-such-page'), RENDERED.renders('/casino'), RENDERED.renders('/player/logout/')]).toEqual([
      true,
      false,
      false,
    ]);
    for (const url of ['/casino', '/slot', '/player/logout'])
      expect(await renderPage({ url, apiBase: base, userAgent: phone, nonce: 'n' })).toBeNull();
    const saved = answers['/api/sliders'];
    delete answers['/api/sliders'];
    expect(await renderPage({ url: '/', apiBase: base, userAgent: phone, nonce: 'n' })).toBeNull();
    answers['/api/sliders'] = saved;
    answers['/api/general'] = { ...(answers['/api/general'] as object), site_status: 0 };
    expect(await renderPage({ url: '/', apiBase: base, userAgent: phone, nonce: 'n' })).toBeNull();
  });

  it("renders a remote's area from its Node container: its markup, its own critical CSS and its data in the page", async () => {
    answers['/api/general'] = { ...(answers['/api/general'] as object), site_status: 1 };
    vi.mocked(loadServerRemote).mockResolvedValue(casino);
    const page = await renderPage({ url: '/games?type=SLOT', apiBase: base, userAgent: phone, nonce: 'n1', remotes });
    expect(loadServerRemote).toHaveBeenCalledWith('mf_casino', remotes.mf_casino);
    expect(page!.html).toMatch(
      /<div data-remote="mf_casino" data-ssr="server"><div data-ssr-root=""><ul data-testid="games" class="casino-[^"]+"><li>Server Slot One<\/li>/,
    );
    expect(page!.head).toMatch(/<style data-emotion="casino [^"]+" nonce="n1">/);
    const data = JSON.parse(/<script type="application\/json" id="khela-ssr">(.*?)<\/script>/.exec(page!.head)![1]!);
    expect(data.areas).toEqual({ mf_casino: 'server' });
    expect(data.queries.queries.map((q: { queryKey: string[] }) => q.queryKey[1])).toContain(getGames.path);
  });

  it('leaves the area to the browser, marked, when the container fails or its data misses the budget; the rest is rendered', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.mocked(loadServerRemote).mockRejectedValue(new Error('no container'));
    const failed = await renderPage({ url: '/games?type=SLOT', apiBase: base, userAgent: phone, nonce: 'n', remotes });
    expect(failed!.html).toContain('<div data-ssr-area="mf_casino" data-ssr="browser">');
    expect(failed!.html).toContain('data-testid="menu-button"');
    expect(failed!.head).toContain('"areas":{"mf_casino":"browser"}');

    // data that never comes: past the budget
    vi.mocked(loadServerRemote).mockResolvedValue({ ...casino, prefetch: () => new Promise(() => {}) });
    const late = await renderPage({ url: '/games?type=SLOT', apiBase: base, userAgent: phone, nonce: 'n', remotes, remoteBudgetMs: 10 });
    expect(late!.html).toContain('data-ssr="browser"');
    expect(late!.html).not.toContain('Server Slot One');

    // a render that throws
    vi.mocked(loadServerRemote).mockResolvedValue({ ...casino, App: Boom });
    const broken = await renderPage({ url: '/games?type=SLOT', apiBase: base, userAgent: phone, nonce: 'n', remotes });
    expect(broken!.html).toContain('data-ssr="browser"');
    expect(warn).toHaveBeenCalledTimes(3);
    warn.mockRestore();
  });

  it("renders a guarded page's public area for a visitor (/odds-view): the area, not the guard's redirect", async () => {
    const market: ServerRemote = { App: () => <p data-testid="market">Server Market</p> };
    vi.mocked(loadServerRemote).mockResolvedValue(market);
    const exchange = { mf_exchange: 'http://exchange.test/mf-manifest.json' };
    const page = await renderPage({
      url: '/odds-view?marketId=1.2&eventId=3',
      apiBase: base,
      userAgent: phone,
      nonce: 'n',
      remotes: exchange,
    });
    expect(loadServerRemote).toHaveBeenCalledWith('mf_exchange', exchange.mf_exchange);
    expect(page!.html).toMatch(
      /<div data-remote="mf_exchange" data-ssr="server"><div data-ssr-root=""><p data-testid="market">Server Market<\/p>/,
    );
    expect(page!.head).toContain('"areas":{"mf_exchange":"server"}');
  });

  it('loads the Node containers at start, and a container that fails then is only logged', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.mocked(loadServerRemote).mockClear().mockResolvedValue(casino);
    await warmRemotes(remotes);
    expect(loadServerRemote).toHaveBeenCalledWith('mf_casino', remotes.mf_casino);
    vi.mocked(loadServerRemote).mockRejectedValue(new Error('down'));
    await expect(warmRemotes(remotes)).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});

function Boom(): never {
  throw new Error('the area failed');
}
