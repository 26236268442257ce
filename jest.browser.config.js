/**
 * The browser suite (`*.browser.ts`, issue 19): the embeddable widget in a real headless Chromium (Debian's
 * `chromium`, driven by puppeteer-core; nothing downloads a browser). Kept out of `npm test` so that it passes on a
 * machine without a browser; `.ci/run` installs chromium and runs `npm run test:browser`. Same transform as
 * jest.config.js; one suite at a time (a browser and a chain each).
 * @type {import('jest').Config}
 */
import base from './jest.config.js';

export default {
  ...base,
  testMatch: ['<rootDir>/{apps,shared,tooling}/**/*.browser.ts'],
  testTimeout: 120_000,
  maxWorkers: 1,
};
