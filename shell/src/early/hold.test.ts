import { afterEach, describe, expect, it, vi } from 'vitest';
import { startHold } from './hold';

/*
 * The early script's hold of a choice in a list made before React holds it (the language picker). The browser's order
 * is `input` then `change`; React's listener on the root, taking the `input` while the page hydrates, hydrates the
 * root at once and puts the server's value back before the `change` is sent.
 */
function serverPage(): HTMLSelectElement {
  document.body.innerHTML = `<script type="application/json" id="khela-ssr">{}</script><div id="root"><span><select data-testid="language-picker"><option value="en">English</option><option value="bn">বাংলা</option></select></span></div>`;
  return document.querySelector('select')!;
}
/** What React does when it hydrates a controlled list: takes the node (its props key) and puts its own value back. */
function hydrate(select: HTMLSelectElement, value: string) {
  (select as unknown as Record<string, unknown>)['__reactProps$test'] = {};
  select.value = value;
}
/** A choice as the browser tells it: the new value, its `input`, then its `change`. */
const pick = (select: HTMLSelectElement, value: string) => {
  select.value = value;
  select.dispatchEvent(new Event('input', { bubbles: true }));
  select.dispatchEvent(new Event('change', { bubbles: true }));
};
const root = () => document.getElementById('root')!;
/** The server's page with the hold started on it (no code list: only the taps and choices are held). */
function heldPage() {
  vi.useFakeTimers();
  const select = serverPage();
  return { select, hold: startHold(document, null, { win: window }) };
}

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('a choice in a list before its part has hydrated', () => {
  it('made before the page hydrates: made again, with its change, once the root has hydrated', async () => {
    const { select, hold } = heldPage();
    pick(select, 'bn');
    hydrate(select, 'en');
    const heard: string[] = [];
    document.addEventListener('change', (e) => heard.push((e.target as HTMLSelectElement).value));
    hold.hydrated(root());
    await vi.runAllTimersAsync();
    expect(select.value).toBe('bn');
    expect(heard).toEqual(['bn']);
  });

  it("made while the page hydrates: React's hydration between its input and its change does not lose it", async () => {
    const { select, hold } = heldPage();
    const heard: string[] = [];
    // React's root listener: the input hydrates the root (the server's value back), its effects tell the hold
    root().addEventListener('input', () => {
      hydrate(select, 'en');
      hold.hydrated(root());
    });
    root().addEventListener('change', (e) => heard.push((e.target as HTMLSelectElement).value));
    pick(select, 'bn');
    expect(heard).toEqual(['en']);
    await vi.runAllTimersAsync();
    expect(select.value).toBe('bn');
    expect(heard).toEqual(['en', 'bn']);
  });

  it('two choices before the page hydrates: the last is made', async () => {
    const { select, hold } = heldPage();
    pick(select, 'bn');
    pick(select, 'en');
    hydrate(select, 'bn');
    hold.hydrated(root());
    await vi.runAllTimersAsync();
    expect(select.value).toBe('en');
  });

  it("a choice after its part has hydrated is React's: nothing is made again", async () => {
    const { select, hold } = heldPage();
    hydrate(select, 'en');
    hold.hydrated(root());
    const heard: string[] = [];
    document.addEventListener('change', (e) => heard.push((e.target as HTMLSelectElement).value));
    pick(select, 'bn');
    await vi.runAllTimersAsync();
    expect(heard).toEqual(['bn']);
  });
});

/*
 * A tap on a server-rendered control React has not taken yet. The root's first commit does not hydrate a Suspense
 * boundary inside it (home's screen): React hydrates that later, in slices, or renders it afresh; a tap given to React
 * meanwhile was dropped (home's "Sports" category in CI).
 */
const HOME =
  '<header><button data-testid="menu-button">Menu</button></header><main><section><button data-testid="home-cat-sports">Sports</button></section></main>';
function serverHome(html = HOME) {
  vi.useFakeTimers();
  // a document of its own: the holds of earlier tests still listen on the global one
  const doc = document.implementation.createHTMLDocument('home');
  doc.body.innerHTML = `<script type="application/json" id="khela-ssr">{}</script><div id="root">${html}</div>`;
  const hold = startHold(doc, null, { win: window });
  // a document made by script stays 'loading': parsed now, as the page's is before any bundle runs
  if (doc.readyState === 'loading') doc.dispatchEvent(new Event('DOMContentLoaded'));
  const taps: string[] = [];
  const homeRoot = doc.getElementById('root')!;
  // React's listener on the root: only a control React holds answers
  homeRoot.addEventListener('click', (e) => {
    const el = (e.target as Element).closest('button');
    if (el && Object.keys(el).some((k) => k.startsWith('__reactProps$'))) taps.push(el.getAttribute('data-testid')!);
  });
  const q = (sel: string) => doc.querySelector(sel)!;
  return { doc, root: homeRoot, q, button: q('[data-testid="home-cat-sports"]') as HTMLButtonElement, hold, taps };
}
const take = (el: Element) => ((el as unknown as Record<string, unknown>)['__reactProps$test'] = {});
const tap = (el: Element) => el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));

describe('a tap on the server markup', () => {
  it('after the root committed, on a boundary not hydrated yet: held, and clicked once React holds the control', async () => {
    const { button, hold, taps, root, q } = serverHome();
    take(q('[data-testid="menu-button"]'));
    hold.hydrated(root);
    tap(button);
    await vi.advanceTimersByTimeAsync(300);
    expect(taps).toEqual([]);
    take(button);
    await vi.advanceTimersByTimeAsync(100);
    expect(taps).toEqual(['home-cat-sports']);
    await vi.runAllTimersAsync();
    expect(taps).toEqual(['home-cat-sports']);
  });

  it('the boundary rendered afresh meanwhile: the new control at its place takes the tap', async () => {
    const { doc, button, hold, taps, root } = serverHome();
    hold.hydrated(root);
    tap(button);
    // React renders the screen anew: the server's section replaced by its own
    const section = doc.createElement('section');
    section.innerHTML = '<button data-testid="home-cat-sports">Sports</button>';
    button.parentElement!.replaceWith(section);
    take(section.firstElementChild!);
    await vi.runAllTimersAsync();
    expect(taps).toEqual(['home-cat-sports']);
  });

  it('before the root hydrates: clicked once the root has hydrated and React holds the control', async () => {
    const { button, hold, taps, root } = serverHome();
    tap(button);
    hold.hydrated(root);
    await vi.advanceTimersByTimeAsync(200);
    expect(taps).toEqual([]);
    take(button);
    await vi.runAllTimersAsync();
    expect(taps).toEqual(['home-cat-sports']);
  });

  it("a control React holds, or one it made after the page's HTML, is React's at once: nothing held", async () => {
    const { doc, button, hold, taps, root, q } = serverHome();
    take(button);
    hold.hydrated(root);
    tap(button);
    const made = doc.createElement('button');
    made.setAttribute('data-testid', 'made-later');
    q('main').append(made);
    tap(made);
    take(made);
    expect(taps).toEqual(['home-cat-sports']);
    await vi.runAllTimersAsync();
    expect(taps).toEqual(['home-cat-sports']);
  });

  it('React never takes it (gone, no replacement): dropped after the wait, never clicked twice', async () => {
    const { button, hold, taps, root } = serverHome();
    hold.hydrated(root);
    tap(button);
    button.parentElement!.remove();
    await vi.runAllTimersAsync();
    expect(taps).toEqual([]);
  });

  it("a remote's area: a card rendered afresh with a different layout, its button found by its accessible name", async () => {
    const { doc, hold, taps, root, q } = serverHome(
      '<main><div data-ssr-root="mf-casino"><div data-testid="game-card"><button aria-label="Play Live Baccarat"><img alt=""></button></div></div></main>',
    );
    const area = q('[data-ssr-root]');
    hold.hydrated(root);
    hold.hydrated(area);
    tap(q('[aria-label="Play Live Baccarat"] img'));
    // the parcel renders the card anew: the favourite star now comes first
    const card = doc.createElement('div');
    card.setAttribute('data-testid', 'game-card');
    card.innerHTML = '<button aria-label="Favourite"></button><button aria-label="Play Live Baccarat"><img alt=""></button>';
    q('[data-testid="game-card"]').replaceWith(card);
    await vi.advanceTimersByTimeAsync(200);
    expect(taps).toEqual([]);
    take(card.lastElementChild!);
    await vi.runAllTimersAsync();
    expect(taps).toEqual([null]);
  });
});
