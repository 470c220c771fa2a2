// Async boundary: shared singletons (react, @khela/web...) are negotiated before any of them is used.
import('./bootstrap');
