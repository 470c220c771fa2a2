import { createContext } from 'react';
import type { RemoteName } from './remotes';

/**
 * A remote's area on a server-rendered page (issue 31, README "Server rendering"): 'server', its markup came from the
 * remote's Node container (`html`, the inside of the parcel's element); 'browser', its container failed to load or
 * render or its data missed the budget, so the page holds an empty area with a marker and the browser mounts the
 * parcel as without the render server.
 */
export type AreaRender = { mode: 'server'; html: string } | { mode: 'browser' };

/** The areas the server rendered on this page, by remote: the render server's, then the browser's first render. */
export const ServerAreas = createContext<Partial<Record<RemoteName, AreaRender>>>({});
