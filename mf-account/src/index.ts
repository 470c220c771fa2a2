// Async boundary: shared singletons (react, @khela/shared...) are negotiated before any of them is used.
import('./bootstrap');
