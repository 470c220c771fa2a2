import { defineRemote } from '@khela/web';
import { App } from './App';

// single-spa lifecycles the shell mounts as a Parcel
export const { bootstrap, mount, unmount, update } = defineRemote(App, { name: 'exchange' });
