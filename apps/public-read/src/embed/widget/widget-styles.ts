/*
 * The widget's stylesheet, adopted by each shadow root (a constructed sheet: no <style> element, so a host page's
 * CSP without 'unsafe-inline' styles does not block it). Light by default; dark under `prefers-color-scheme: dark`
 * unless `theme="light"`, and always with `theme="dark"`. The accent comes from `--accent` (set by the element from
 * the attribute or branding), else the page's `--foretell-accent`, else indigo.
 */

const DARK = '--bg:#16171d;--fg:#eceef4;--muted:#a3a6b4;--line:#2e3039;--track:#272933;--stale:#f0b429';

export const WIDGET_CSS = `
:host{display:block;max-width:380px;font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
:host([hidden]){display:none}
.card{--accent:var(--foretell-accent,#5b5bd6);--bg:#fff;--fg:#1b1c22;--muted:#5c5f6e;--line:#e2e4ea;--track:#eceef3;
--stale:#9a6700;box-sizing:border-box;background:var(--bg);color:var(--fg);border:1px solid var(--line);
border-top:4px solid var(--accent);border-radius:12px;padding:12px 16px 14px}
@media (prefers-color-scheme:dark){:host(:not([theme=light])) .card{${DARK}}}
:host([theme=dark]) .card{${DARK}}
.head{display:flex;justify-content:space-between;align-items:center;gap:8px;font-size:12px;color:var(--muted)}
.brand{font-weight:600;letter-spacing:.02em}
.badges{display:flex;gap:6px;align-items:center}
.conn,.status{border-radius:999px;padding:1px 8px;border:1px solid var(--line)}
.conn[data-state=live]::before{content:"";display:inline-block;width:7px;height:7px;border-radius:50%;
background:#2da44e;margin-right:5px;vertical-align:1px}
.conn[data-state=stale]{color:var(--stale);border-color:var(--stale);font-weight:600}
.status:empty{display:none}
.question{margin:8px 0 10px;font-size:16px;font-weight:600;line-height:1.3}
.outcomes{list-style:none;margin:0;padding:0;display:grid;gap:6px}
.outcome{display:grid;grid-template-columns:1fr auto;gap:2px 8px;align-items:baseline}
.pct{font-variant-numeric:tabular-nums;font-weight:600}
.bar{grid-column:1/-1;height:6px;border-radius:3px;background:var(--track);overflow:hidden}
.fill{display:block;height:100%;width:0;background:var(--accent);border-radius:3px;transition:width .4s}
.outcome+.outcome .fill{opacity:.55}
.spark{display:block;width:100%;height:48px;margin:12px 0 6px}
.line{fill:none;stroke:var(--accent);stroke-width:2;stroke-linejoin:round;stroke-linecap:round;
vector-effect:non-scaling-stroke}
.area{fill:var(--accent);opacity:.12;stroke:none}
.foot{display:flex;justify-content:space-between;font-size:12px;color:var(--muted)}
.volume{font-variant-numeric:tabular-nums}
.error{margin:8px 0 0;color:var(--stale)}
.error:empty{display:none}
.card[data-failed] :is(.badges,.outcomes,.spark,.foot){display:none}
[aria-busy=true] .question:empty{height:1.3em;background:var(--track);border-radius:4px}
@media (prefers-reduced-motion:reduce){.fill{transition:none}}
`;

let shared: CSSStyleSheet | undefined;

/** One constructed sheet shared by every widget of the page. */
export function widgetStyleSheet(): CSSStyleSheet {
  if (!shared) {
    shared = new CSSStyleSheet();
    shared.replaceSync(WIDGET_CSS);
  }
  return shared;
}
