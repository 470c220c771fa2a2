import { defineRemote, type HostProps } from '@khela/web';
import { App } from './App';
import { loadScreen } from './routes';

const lifecycles = defineRemote(App, { name: 'exchange' });

// single-spa lifecycles the shell mounts as a Parcel. The page's screen is loaded before the first render (routes.tsx:
// the screens other than the odds view are chunks of their own), so that render has it, as a hydration must.
export const { bootstrap, unmount, update } = lifecycles;
export async function mount(props: { domElement?: unknown; location?: Partial<HostProps['location']> }): Promise<unknown> {
  // a failed load is the lazy screen's to retry and report (the frame's boundary), not the mount's
  await loadScreen(props.location?.pathname ?? '').catch(() => undefined);
  return lifecycles.mount(props);
}
