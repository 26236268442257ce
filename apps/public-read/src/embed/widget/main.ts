/*
 * Entry of /embed/widget.js (bundled and minified by esbuild into one classic script): defines <foretell-market>
 * with the origin this script was loaded from as the API's origin, so an embed talks to no other host.
 */
import { defineForetellMarket } from './foretell-market.js';

/** The origin of this script: document.currentScript while it runs, else the page's widget.js script tag. */
function scriptOrigin(): string {
  const current = document.currentScript;
  const source =
    current instanceof HTMLScriptElement && current.src
      ? current.src
      : document.querySelector<HTMLScriptElement>('script[src*="/embed/widget.js"]')?.src;
  return new URL(source ?? location.href).origin;
}

defineForetellMarket(scriptOrigin());
