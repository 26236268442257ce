import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The platform version from the nearest package.json (works from sources and from the compiled build). */
function readServiceVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    try {
      const manifest: { name?: unknown; version?: unknown } = JSON.parse(
        readFileSync(join(dir, 'package.json'), 'utf8'),
      );
      if (manifest.name === 'foretell' && typeof manifest.version === 'string' && manifest.version !== '') {
        return manifest.version;
      }
    } catch {
      // not here: keep walking up
    }
    const parent = dirname(dir);
    if (parent === dir) return '0.0.0';
    dir = parent;
  }
}

export const serviceVersion = readServiceVersion();
