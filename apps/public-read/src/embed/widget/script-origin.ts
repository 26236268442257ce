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

function originOf(src: string): string | null {
  try {
    const url = new URL(src);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

function isWidgetScript(src: string): boolean {
  try {
    return new URL(src).pathname === WIDGET_SCRIPT_PATHNAME;
  } catch {
    return false;
  }
}

export function widgetScriptOrigin(current: ScriptLike | null, scripts: Iterable<ScriptLike>): string | null {
  if (current?.src) return originOf(current.src);
  for (const script of scripts) {
    if (script.src && isWidgetScript(script.src)) return originOf(script.src);
  }
  return null;
}
