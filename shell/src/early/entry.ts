/* The early script's entry (rspack.config.mjs compiles this file into index.html's inline script). */
import { startEarly } from './script';

startEarly();
