// Playwright loads a reporter from a module's default export (see test-times.mjs).
import { PlaywrightFileTimes } from './test-times.mjs';
export default PlaywrightFileTimes;
