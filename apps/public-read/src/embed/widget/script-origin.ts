/*
 * The origin the widget's API calls go to: the origin /embed/widget.js was loaded from, never the host page's. While
 * the script runs, document.currentScript is it; otherwise (a loader that hides currentScript) only a script whose
 * URL path is exactly /embed/widget.js counts — a path merely containing it may be another vendor's. None: null,
 * and the widget shows an error instead of talking to a guessed host.
 */
export const WIDGET_SCRIPT_PATHNAME = '/embed/widget.js';

export interface ScriptLike {
  readonly src: string;
}

/** The script's URL, or null when `src` does not parse. */
function parseUrl(src: string): URL | null {
  try {
    return new URL(src);
  } catch {
    return null;
  }
}

function originOf(src: string): string | null {
  const url = parseUrl(src);
  return url && (url.protocol === 'http:' || url.protocol === 'https:') ? url.origin : null;
}

function isWidgetScript(src: string): boolean {
  return parseUrl(src)?.pathname === WIDGET_SCRIPT_PATHNAME;
}

export function widgetScriptOrigin(current: ScriptLike | null, scripts: Iterable<ScriptLike>): string | null {
  if (current?.src) return originOf(current.src);
  for (const script of scripts) {
    if (script.src && isWidgetScript(script.src)) return originOf(script.src);
  }
  return null;
}
