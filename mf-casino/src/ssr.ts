// What mf-casino's Node container exposes (`./ssr`, rspack.node.mjs; issue 31, shell/README.md "Server rendering"):
// the remote's root component and the tree it renders in, for the shell's render server to render its area. Not in
// the browser build.
export { App } from './App';
export { RemoteRoot } from '@khela/web';
