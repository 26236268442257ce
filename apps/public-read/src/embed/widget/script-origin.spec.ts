import { describe, expect, it } from '@jest/globals';
import { widgetScriptOrigin } from './script-origin.js';

const script = (src: string) => ({ src });

describe('widgetScriptOrigin', () => {
  it('takes the origin of the running script (document.currentScript) first', () => {
    const current = script('https://foretell.example/embed/widget.js');
    const others = [script('https://cdn.vendor.example/embed/widget.js')];
    expect(widgetScriptOrigin(current, others)).toBe('https://foretell.example');
  });

  it('without currentScript, takes only a script whose path is exactly /embed/widget.js', () => {
    const scripts = [
      script('https://ads.vendor.example/lib/embed/widget.js'),
      script('https://other.example/embed/widget.js.map'),
      script('https://foretell.example:8443/embed/widget.js?v=3'),
    ];
    expect(widgetScriptOrigin(null, scripts)).toBe('https://foretell.example:8443');
  });

  it('finds nothing rather than falling back to the page when no script qualifies', () => {
    expect(widgetScriptOrigin(null, [script('https://ads.vendor.example/x/embed/widget.js'), script('')])).toBeNull();
    expect(widgetScriptOrigin(null, [])).toBeNull();
  });

  it('refuses a non-http(s) script URL', () => {
    expect(widgetScriptOrigin(script('data:text/javascript,/embed/widget.js'), [])).toBeNull();
  });
});
