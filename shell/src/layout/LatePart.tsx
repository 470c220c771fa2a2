import { useEffect, useRef, type ReactNode } from 'react';
import { css } from '@emotion/react';
import { hydratedHere } from '../early/store';

// a class, not a style attribute: the page's CSP takes no inline style
const contents = css`
  display: contents;
`;

/**
 * A part of the server's page that may hydrate after the shell's root: the children of a Suspense boundary of their
 * own (the content area's screen), placed inside that boundary. React hydrates such a boundary after the root when it
 * can (its screen's chunk late, the hydration time-sliced), and until then its buttons have no handlers: React drops a
 * tap there. The early script (src/early/hold.ts, `data-ssr-late`) holds it and replays it once this part's effect says
 * it has hydrated. The wrapper adds no box (`display: contents`).
 */
export function LatePart({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (ref.current) hydratedHere(ref.current);
  }, []);
  return (
    <div ref={ref} data-ssr-late="" css={contents}>
      {children}
    </div>
  );
}
