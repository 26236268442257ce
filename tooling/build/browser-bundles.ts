/*
 * Browser scripts the build bundles (esbuild, at build time only): each entry's bundle is written where its
 * compiled server module reads it, so the image serves it without esbuild (a dev dependency).
 */
import { buildSync } from 'esbuild';
import { join } from 'node:path';
import { WIDGET_BUILD_OPTIONS, WIDGET_BUNDLE, WIDGET_ENTRY } from '../../apps/public-read/src/embed/widget-bundle.js';
import { repositoryRoot } from '../repository-root.js';

/** The embeddable market widget (issue 19): GET /embed/widget.js of public-read. */
export const BROWSER_BUNDLES = [{ entry: WIDGET_ENTRY, output: WIDGET_BUNDLE, options: WIDGET_BUILD_OPTIONS }];

export function writeBrowserBundles(outDir: string): void {
  for (const bundle of BROWSER_BUNDLES) {
    buildSync({ ...bundle.options, entryPoints: [join(repositoryRoot, bundle.entry)], outfile: join(outDir, bundle.output) });
  }
}
