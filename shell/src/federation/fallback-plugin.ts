import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * Logs which remote failed and how, so support can tell a dead remote from a broken chunk.
 * The area itself shows its fallback (RemoteArea); the rest of the page keeps working.
 */
export default function fallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'khela-remote-failure-log',
    errorLoadRemote(args) {
      console.warn(`[federation] could not load ${args.id} during ${args.lifecycle}`, args.error);
      // returning nothing lets loadRemote reject, which RemoteArea turns into its fallback
      return undefined;
    },
  };
}
