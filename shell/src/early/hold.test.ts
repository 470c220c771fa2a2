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
