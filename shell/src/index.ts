// Async boundary: shared singletons are negotiated before React or @khela/shared is used.
import('./bootstrap');
