// zod (every copy on the page reads this global) must not probe `new Function` when its schemas are built:
// the site's CSP has no 'unsafe-eval', and the caught probe is still a reported violation. Set before any import.
(globalThis as { __zod_globalConfig?: object }).__zod_globalConfig = { jitless: true };

/**
 * The next task: a message to ourselves, which a background tab does not throttle as it does a timer. Between two
 * tasks the browser may paint and answer a tap; within one it can do neither.
 */
const nextTask = () =>
  new Promise<void>((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      resolve();
    };
    port2.postMessage(null);
  });

// Async boundary: shared singletons are negotiated before React or @khela/web is used. The two largest shared modules
// are evaluated first, each in a task of its own (issue 31: on a phone at 4x CPU the contracts take ~90 ms and
// @khela/web ~80 ms, and evaluated inside the bootstrap's task they made one ~280 ms task that blocked every tap)
const alone = (load: () => Promise<unknown>) => load().then(nextTask, () => undefined);
void alone(() => import('@khela/contracts'))
  .then(() => alone(() => import('@khela/web')))
  .then(() => import('./bootstrap'));
