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
 * footer, when its chunk has come and it has hydrated). A held tap is kept from the page (its default
 * action and propagation stopped), so it takes effect once, whoever handles it. When the browser renders the page
 * afresh instead of hydrating it (the player's saved language is not the one the server rendered), the control is
 * found again at the same place in the new markup (same tag and test id), or the tap is dropped. A choice in a
 * <select> (the language picker) is held the same way: hydration would put the server's value back, so the choice is
 * made again and its change event sent once the part has hydrated.
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

/** A held choice waits for React to hold its list, every CHOICE_RETRY_MS at most CHOICE_TRIES times (5 s). */
const CHOICE_RETRY_MS = 50;
const CHOICE_TRIES = 100;
/** React has hydrated (or rendered) `el`: it keeps its props on the node under a `__reactProps$…` key. */
const ownedByReact = (el: Element) => Object.keys(el).some((k) => k.startsWith('__reactProps$'));

/** Where `el` sits under `part`: the child indices from `part` down. */
function pathOf(part: Element, el: Element): number[] {
  const path: number[] = [];
  for (let at: Element = el; at !== part && at.parentElement; at = at.parentElement)
    path.unshift(Array.prototype.indexOf.call(at.parentElement.children, at));
  return path;
}
/** The element at `path` under `part` when it is the same kind of control as `was` (tag and test id). */
function sameAt(part: Element, path: number[], was: Element): Element | null {
  let at: Element | undefined = part;
  for (const i of path) at = at?.children[i];
  return at && at.tagName === was.tagName && at.getAttribute('data-testid') === was.getAttribute('data-testid') ? at : null;
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
  // the last held tap, or the last choice in a list (`value`: a <select>'s new value)
  // (`byInput`: taken from its `input`, whose `change` is still to come)
  let pending: { part: Element; el: Element; path: number[]; value?: string; byInput?: boolean } | null = null;

  const replay = (part: Element) => {
    if (pending?.part !== part) return;
    const { el, path, value } = pending;
    pending = null;
    // a task later, not inside the caller: the shell tells of its hydration from a React effect, and a click dispatched
    // while React is still committing never reached the handler of a control in a boundary hydrated in that pass
    // (home's category strip: the tap was held, clicked again, and lost)
    win.setTimeout(() => {
      // the part was rendered afresh (the element gone): the control at the same place, if it is one
      const target = el.isConnected ? el : sameAt(part, path, el);
      if (!target) return;
      if (value === undefined) return (target as HTMLElement).click();
      // hydration puts the server's value back: the choice made again, and told as the browser tells it, once React
      // holds the list itself (its part may hydrate after the root, and hydrating it then would undo the value set)
      const choose = (tries: number) => {
        if (!ownedByReact(target) && tries > 0) return void win.setTimeout(() => choose(tries - 1), CHOICE_RETRY_MS);
        (target as HTMLSelectElement).value = value;
        target.dispatchEvent(new Event('change', { bubbles: true }));
      };
      choose(CHOICE_TRIES);
    }, 0);
  };
  const hydrated = (el: Element) => {
    done.add(el);
    replay(el);
  };
  // the part of the page a control is in: the innermost that hydrates on its own
  const partOf = (el: Element): Element | null => el.closest(AREA) ?? doc.getElementById('root');
  doc.addEventListener(
    'click',
    (e) => {
      const target = e.target instanceof Element ? e.target : null;
      if (!e.isTrusted || !target) return;
      const control = target.closest(CONTROL);
      if (!control || control.closest('a[href]') || (control as HTMLButtonElement).disabled) return;
      const part = partOf(control);
      if (!part || done.has(part) || !doc.getElementById('khela-ssr')) return;
      // nothing answers it yet: held (the last one only), and kept from the page (no form submitted, no box ticked)
      pending = { part, el: control, path: pathOf(part, control) };
      e.preventDefault();
      e.stopPropagation();
    },
    true,
  );
  // a choice in a list (the language picker) before its part has hydrated: the browser changes the <select>, nothing
  // hears it, and hydration puts the server's value back; held like a tap and made again once the part has hydrated.
  // The value is taken from the choice's `input`, which the browser sends first: React's listener on the root, taking
  // that `input` while the page hydrates, finishes the hydration at once and puts the server's value back before the
  // `change`, which then carries the old value (face.spec's language test lost the choice that way in stop 49's CI)
  const heldChoice = (e: Event) => {
    const target = e.target instanceof Element ? e.target : null;
    // trusted or not (a script's change, as Playwright's selectOption sends, is as lost); the replay below comes
    // after its part has hydrated, so it is never held again
    if (target?.tagName !== 'SELECT') return;
    const part = partOf(target);
    if (!part || done.has(part) || !doc.getElementById('khela-ssr')) return;
    // the change of a choice whose input was held: the input's value is the player's
    if (e.type === 'change' && pending?.el === target && pending.byInput) return void (pending.byInput = false);
    const value = (target as HTMLSelectElement).value;
    pending = { part, el: target, path: pathOf(part, target), value, byInput: e.type === 'input' };
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
