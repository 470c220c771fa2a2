import { useEffect, useState } from 'react';

/*
 * The first render of the page is on the critical path of the home banner (the page's largest paint):
 * on a slow phone every component in it delays that paint. Parts a visitor does not need in the first
 * frame (the footer, floating buttons) render right after it instead.
 */
let painted = false;

/**
 * The page's first screen came from the server (server/render.tsx): the server renders the parts that wait for the
 * first paint (it is not on a phone's main thread), and the browser's hydrating render must render what it rendered.
 */
export function assumePainted(): void {
  painted = true;
}
const waiting = new Set<() => void>();
let scheduled = false;

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  const done = () => {
    painted = true;
    for (const wake of waiting) wake();
    waiting.clear();
  };
  // a frame callback runs before the frame's paint; the timeout after it runs once the frame is out
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(done, 0));
  else setTimeout(done, 0);
}

/** False during the page's first render, true from the frame after it was painted. */
export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(painted);
  useEffect(() => {
    if (painted) {
      setReady(true);
      return;
    }
    const wake = () => setReady(true);
    waiting.add(wake);
    schedule();
    return () => {
      waiting.delete(wake);
    };
  }, []);
  return ready;
}
