// The shared screen renderer, with this remote's translations registered first.
import '../src/i18n';

export { current, renderScreen } from '@khela/web/test/render-screen';
