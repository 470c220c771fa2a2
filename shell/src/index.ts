// Async boundary: shared singletons are negotiated before React or @khela/web is used.
import('./bootstrap');
