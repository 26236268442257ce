/*
 * The bytes of GET /embed/widget.js, read once per process: the built bundle beside this module (`npm run build`),
 * else, from the sources, bundled with esbuild on first use. Kept with its gzip form and a strong ETag per form.
 */
import { hash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { AppError } from '#shared/errors/app-error.js';
import { codeOf } from '#shared/errors/thrown-values.js';
import { WIDGET_BUILD_OPTIONS } from './widget-bundle.js';

export interface ScriptForm {
  body: Buffer;
  etag: string;
}

export interface WidgetScript {
  identity: ScriptForm;
  gzip: ScriptForm;
}

const BUILT_BUNDLE = new URL('./widget.js', import.meta.url);
const SOURCE_ENTRY = new URL('./widget/main.ts', import.meta.url);

async function bundleFromSources(): Promise<string> {
  const { build } = await import('esbuild');
  const result = await build({ ...WIDGET_BUILD_OPTIONS, entryPoints: [fileURLToPath(SOURCE_ENTRY)], write: false });
  const [output] = result.outputFiles;
  if (!output) throw new AppError('INTERNAL_ERROR', { detail: 'esbuild produced no widget bundle.' });
  return output.text;
}

async function widgetSource(): Promise<string> {
  try {
    return await readFile(BUILT_BUNDLE, 'utf8');
  } catch (error) {
    if (codeOf(error) !== 'ENOENT') throw error;
    return bundleFromSources();
  }
}

/** The script as served: both encodings with their own strong validators (RFC 9110 §8.8.3: one per representation). */
export function widgetScriptOf(source: string): WidgetScript {
  const body = Buffer.from(source, 'utf8');
  const digest = hash('sha256', body, 'base64url').slice(0, 27);
  return {
    identity: { body, etag: `"${digest}"` },
    gzip: { body: gzipSync(body, { level: 9 }), etag: `"${digest}-gzip"` },
  };
}

let loading: Promise<WidgetScript> | undefined;

/** The widget script of this process (loaded once; a failed load is retried by the next request). */
export function loadWidgetScript(): Promise<WidgetScript> {
  loading ??= widgetSource()
    .then(widgetScriptOf)
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}
