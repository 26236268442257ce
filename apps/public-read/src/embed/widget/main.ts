/*
 * Entry of /embed/widget.js (bundled and minified by esbuild into one classic script): defines <foretell-market>
 * with the origin this script was loaded from as the API's origin, so an embed talks to no other host. When that
 * origin cannot be told (script-origin.ts), the elements show an error instead of calling a guessed host.
 */
import { defineForetellMarket } from './foretell-market.js';
import { widgetScriptOrigin } from './script-origin.js';

const current = document.currentScript instanceof HTMLScriptElement ? document.currentScript : null;
defineForetellMarket(widgetScriptOrigin(current, document.scripts));
