// zod (every copy on the page reads this global) must not probe `new Function` when its schemas are built:
// the site's CSP has no 'unsafe-eval', and the caught probe is still a reported violation. Set before any import.
(globalThis as { __zod_globalConfig?: object }).__zod_globalConfig = { jitless: true };
// Async boundary: shared singletons are negotiated before React or @khela/web is used.
import('./bootstrap');
