import { runStandalone } from '@khela/web';
import { App } from './App';

runStandalone(App, { name: 'mf-casino' });
