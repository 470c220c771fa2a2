/**
 * The API's address when nobody configured one: the page's host on port 4000. The shell passes the
 * address from remotes.json to createPageRuntime instead; the standalone QA host of a remote uses this.
 */
export function defaultApiBase(): string {
  if (typeof location === 'undefined') return 'http://127.0.0.1:4000';
  return `${location.protocol}//${location.hostname}:4000`;
}
