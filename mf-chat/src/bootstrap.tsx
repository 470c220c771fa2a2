import { runStandalone } from '@khela/shared';
import { App } from './App';

runStandalone(App, { name: 'mf-chat' });
