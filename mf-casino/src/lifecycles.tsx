import { defineRemote } from '@khela/shared';
import { App } from './App';

// single-spa lifecycles the shell mounts as a Parcel
export const { bootstrap, mount, unmount, update } = defineRemote(App, { name: 'casino' });
