/*
 * How /embed/widget.js is made from widget/main.ts, shared by `npm run build` (tooling/build/browser-bundles.ts,
 * which writes the bundle next to the compiled embed routes) and by a public-read run from the sources (tsx, jest),
 * which bundles on first request. esbuild is a dev dependency: the image only ever reads the built file.
 */
import type { BuildOptions } from 'esbuild';

/** The widget's entry, from the repository root. */
export const WIDGET_ENTRY = 'apps/public-read/src/embed/widget/main.ts';
/** Where the build writes the bundle, from the build root: beside the compiled widget-script.js. */
export const WIDGET_BUNDLE = 'apps/public-read/src/embed/widget.js';

/** One classic script (an IIFE, so a plain `<script src>` works), minified, for browsers with ES2022 classes. */
export const WIDGET_BUILD_OPTIONS = {
  bundle: true,
  minify: true,
  format: 'iife',
  target: ['es2022'],
  legalComments: 'none',
  charset: 'utf8',
  logLevel: 'silent',
} as const satisfies BuildOptions;
