/*
 * The page's code held until after the first paint (issue 31; shell/README.md "The code after the first paint"), part of
 * the early script (./script.ts). On a page the render server rendered, the server leaves the bundles' <script> tags
 * out of the page and lists them in the JSON block `#khela-code` (shared/build/serve-static.mjs holdBackCode): the
 * first screen is in the HTML already, and every request started before the largest paint delays it (a phone on
 * congested 4G shares its bandwidth between them). The early script then starts the preloads of the start chain and
 * those scripts once the document is parsed (DOMContentLoaded) and the next frame is out, or 200 ms after
 * DOMContentLoaded at most (a background tab gets no frames).
 *
 * Until the shell's React root has hydrated, the server's buttons have no handlers: a tap on one would be lost. A
 * capture listener holds the last tap on a button-like control (not a link: an <a href> works without JavaScript) that
 * nothing has taken over yet, and clicks it again once its part of the page has hydrated: the shell's root (`#root`,
 * the bundles call hydratedHere when its first render has committed), a remote's area the server rendered
 * (`[data-ssr-root]`, when the remote's parcel has mounted into it) or a part hydrated later (`[data-ssr-late]`, the
 * footer, when its chunk has come and it has hydrated).
 *
 * A part's first commit does not mean every control in it is React's: a Suspense boundary inside it (home's screen)
 * can still be the server's markup, hydrated later in slices, or rendered afresh when an update reaches it first. A tap
 * there went to React, which tries to hydrate the boundary at once and drops the tap when it cannot (React 19 replays
 * no discrete event), or lands on markup about to be replaced: home's "Sports" tap was lost that way about once in ten
 * CI runs. So a tap on a control that was in the server's HTML and that React has not taken yet (no `__reactProps$`
 * key on it) is held too, whatever its part, and every held tap is clicked again only once React holds the control
 * (or its replacement) — checked every RETRY_MS, at most RETRIES times (then clicked as it is).
 *
 * A held tap is kept from the page (its default action and propagation stopped), so it takes effect once, whoever
 * handles it. When the browser renders the page or a boundary afresh instead of hydrating it (the player's saved
 * language is not the one the server rendered), the control is found again in the new markup (the same control at the
 * same place, or the one same control in its part: tag, test id, accessible name and text), or the tap is dropped. A
 * choice in a <select> (the language picker) is held the same way: hydration would put the server's value back, so
 * the choice is made again and its change event sent once React holds the list.
 *
 * A page the browser will render afresh gains nothing from waiting (`holdCode` false): its preloads start at once and
 * its scripts when the document is parsed, as the `defer` tags did.
 */

/** The controls whose tap is held: buttons and the roles the site's buttons take (tabs, switches, menu items). */
const CONTROL =
  'button, input[type=button], input[type=submit], input[type=checkbox], input[type=radio], [role=button], [role=tab], [role=switch], [role=menuitem], [role=option], [role=checkbox], [role=radio]';
/**
 * The parts of the page that hydrate on their own, inside the shell's root: a remote's server-rendered area, and a
 * part in a Suspense boundary of its own whose chunk comes after the start chain (`data-ssr-late`: the footer).
 */
const AREA = '[data-ssr-root], [data-ssr-late]';
/** The longest wait for the next frame after DOMContentLoaded (a background tab has no frames). */
export const RELEASE_MAX_MS = 200;

export interface Hold {
  /** `#khela-code` was in the page: the code waits for the first paint. */
  held: boolean;
  /** Runs `fn` once the code is released (at once on a page whose code is not held). */
  afterPaint(fn: () => void): void;
  /** The part of the page at `el` (`#root` or an area's `[data-ssr-root]`) has hydrated: a tap held there is replayed. */
  hydrated(el: Element): void;
}

/** A held tap or choice waits for React to hold its control, every RETRY_MS at most RETRIES times (5 s). */
const RETRY_MS = 50;
const RETRIES = 100;
/** React has hydrated (or rendered) `el`: it keeps its props on the node under a `__reactProps$…` key. */
const ownedByReact = (el: Element) => Object.keys(el).some((k) => k.startsWith('__reactProps$'));

/** Where `el` sits under `part`: the child indices from `part` down. */
function pathOf(part: Element, el: Element): number[] {
  const path: number[] = [];
  for (let at: Element = el; at !== part && at.parentElement; at = at.parentElement)
    path.unshift(Array.prototype.indexOf.call(at.parentElement.children, at));
  return path;
}
/** What tells one control from another for a player: its tag, test id, accessible name and text. */
const sameControl = (a: Element, b: Element) =>
  a.tagName === b.tagName &&
  a.getAttribute('data-testid') === b.getAttribute('data-testid') &&
  a.getAttribute('aria-label') === b.getAttribute('aria-label') &&
  a.textContent === b.textContent;
/**
 * The control that took `was`'s place after `part` (or a boundary in it) was rendered afresh: the element at `path`
 * when it is the same control (tag, test id, accessible name, text), else the one such control under `part`.
 */
function replacementOf(part: Element, path: number[], was: Element): Element | null {
  let at: Element | undefined = part;
  for (const i of path) at = at?.children[i];
  if (at && sameControl(at, was)) return at;
  const found = Array.prototype.filter.call(part.getElementsByTagName(was.tagName), (el: Element) => sameControl(el, was));
  return found.length === 1 ? (found[0] as Element) : null;
}

/** The held scripts, in their order (not async: they run in the order they are added, as the defer tags did). */
function addScripts(doc: Document, list: string[]): void {
  for (const src of list) {
    const s = doc.createElement('script');
    s.src = src;
    s.async = false;
    doc.head.appendChild(s);
  }
}

/** `list`: the scripts of `#khela-code`, null when the page has none (its code was not held back). */
export function startHold(
  doc: Document,
  list: string[] | null,
  { holdCode = true, win = window }: { holdCode?: boolean; win?: Pick<Window, 'requestAnimationFrame' | 'setTimeout'> } = {},
): Hold {
  const done = new WeakSet<Element>();
  // the controls in the server's HTML, taken once the document is parsed (before any bundle runs)
  const fromServer = new WeakSet<Element>();
  const takeServerControls = () => {
    // no :is() (Chrome 88+): an older WebView would throw here
    const inRoot = `${CONTROL}, select`.split(',').map((sel) => `#root ${sel.trim()}`);
    for (const el of Array.from(doc.querySelectorAll(inRoot.join(', ')))) fromServer.add(el);
  };
  if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', takeServerControls, { once: true });
  else takeServerControls();
  // the last held tap, or the last choice in a list (`value`: a <select>'s new value)
  // (`byInput`: taken from its `input`, whose `change` is still to come)
  type Held = { part: Element; el: Element; path: number[]; value?: string; byInput?: boolean };
  let pending: Held | null = null;
  // a tap or choice being made again (its click or change is ours, not held again)
  let replaying = false;

  // the control React holds now: the held one, or the one that took its place (null: not yet, or gone)
  const current = ({ part, el, path }: Held): Element | null => {
    // the part itself replaced (a remote's area mounted afresh): the one same control in the page's root
    const scope = part.isConnected ? part : doc.getElementById('root');
    const at = el.isConnected ? el : scope ? replacementOf(scope, part === scope ? path : [], el) : null;
    return at && ownedByReact(at) ? at : null;
  };
  // clicked (or chosen) again once React holds the control, checked a task later and then every RETRY_MS: the shell
  // tells of its hydration from a React effect, and a click dispatched while React is still committing never reached
  // the handler of a control in a boundary hydrated in that pass
  const replayWhenOwned = (held: Held) => {
    const attempt = (tries: number) => {
      if (pending !== held) return; // a later tap or choice took its place
      const target = current(held) ?? (tries > 0 ? null : held.el.isConnected ? held.el : null);
      if (!target && tries > 0) return void win.setTimeout(() => attempt(tries - 1), RETRY_MS);
      pending = null;
      if (!target) return;
      replaying = true;
      try {
        if (held.value === undefined) (target as HTMLElement).click();
        else {
          // hydration put the server's value back: the choice made again, and told as the browser tells it
          (target as HTMLSelectElement).value = held.value;
          target.dispatchEvent(new Event('change', { bubbles: true }));
        }
      } finally {
        replaying = false;
      }
    };
    win.setTimeout(() => attempt(RETRIES), 0);
  };
  const hydrated = (el: Element) => {
    done.add(el);
    if (pending?.part === el) replayWhenOwned(pending);
  };
  // the part of the page a control is in: the innermost that hydrates on its own
  const partOf = (el: Element): Element | null => el.closest(AREA) ?? doc.getElementById('root');
  // held: its part has not hydrated, or it is the server's markup React has not taken yet (a boundary hydrating later)
  const heldPart = (el: Element): Element | null => {
    const part = partOf(el);
    if (!part || !doc.getElementById('khela-ssr')) return null;
    return !done.has(part) || (fromServer.has(el) && !ownedByReact(el)) ? part : null;
  };
  const hold = (held: Held) => {
    pending = held;
    if (done.has(held.part)) replayWhenOwned(held);
  };
  doc.addEventListener(
    'click',
    (e) => {
      const target = e.target instanceof Element ? e.target : null;
      if (replaying || !target) return;
      const control = target.closest(CONTROL);
      if (!control || control.closest('a[href]') || (control as HTMLButtonElement).disabled) return;
      const part = heldPart(control);
      if (!part) return;
      // nothing answers it yet: held (the last one only), and kept from the page (no form submitted, no box ticked)
      e.preventDefault();
      e.stopPropagation();
      hold({ part, el: control, path: pathOf(part, control) });
    },
    true,
  );
  // a choice in a list (the language picker) before React holds it: the browser changes the <select>, nothing hears
  // it, and hydration puts the server's value back; held like a tap and made again once React holds the list.
  // The value is taken from the choice's `input`, which the browser sends first: React's listener on the root, taking
  // that `input` while the page hydrates, finishes the hydration at once and puts the server's value back before the
  // `change`, which then carries the old value (face.spec's language test lost the choice that way in stop 49's CI)
  const heldChoice = (e: Event) => {
    const target = e.target instanceof Element ? e.target : null;
    // trusted or not (a script's change, as Playwright's selectOption sends, is as lost); the replay below comes
    // once React holds the list, so it is never held again
    if (replaying || target?.tagName !== 'SELECT') return;
    // the change of a choice whose input was held: the input's value is the player's
    if (e.type === 'change' && pending?.el === target && pending.byInput) return void (pending.byInput = false);
    const part = heldPart(target);
    if (!part) return;
    const value = (target as HTMLSelectElement).value;
    hold({ part, el: target, path: pathOf(part, target), value, byInput: e.type === 'input' });
  };
  doc.addEventListener('input', heldChoice, true);
  doc.addEventListener('change', heldChoice, true);

  if (!list) return { held: false, afterPaint: (fn) => fn(), hydrated };

  if (!holdCode) {
    // the preloads now; the scripts once the body they look for is parsed
    const parsedNow = () => addScripts(doc, list);
    if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', parsedNow, { once: true });
    else parsedNow();
    return { held: false, afterPaint: (fn) => fn(), hydrated };
  }
  const queue: (() => void)[] = [];
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    for (const fn of queue.splice(0)) fn();
    addScripts(doc, list);
  };
  const parsed = () => {
    // a frame callback runs before that frame's paint; the timeout after it, once the frame is out
    if (typeof win.requestAnimationFrame === 'function') win.requestAnimationFrame(() => win.setTimeout(release, 0));
    win.setTimeout(release, RELEASE_MAX_MS);
  };
  if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', parsed, { once: true });
  else parsed();
  return {
    held: true,
    afterPaint: (fn) => (released ? fn() : void queue.push(fn)),
    hydrated,
  };
}
