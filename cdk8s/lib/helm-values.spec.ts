import { describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';
import { local, production } from './environment.js';
import { renderTemplate } from './helm-render.js';
import { chartValues, expandListValues } from './helm-values.js';

const marker = (path: string) => `"{{ toYaml .Values.${path} }}"`;

describe('list values of the chart', () => {
  it('become `toYaml | nindent` of the whole list where the marker peer stood, and render back to the list', () => {
    const template = [
      'egress:',
      '  - to:',
      '      - ipBlock:',
      `          cidr: ${marker('net.to')}`,
      '    port: 1',
    ].join('\n');
    const expanded = expandListValues(template, ['net.to']);
    expect(expanded).toBe(
      ['egress:', '  - to:', '      {{- toYaml .Values.net.to | nindent 6 }}', '    port: 1'].join('\n'),
    );
    const to = [
      { ipBlock: { cidr: '10.0.0.0/8' } },
      { ipBlock: { cidr: '192.168.0.0/16', except: ['192.168.1.0/24'] } },
    ];
    expect(parse(renderTemplate(expanded, { net: { to } }, 'ns'))).toEqual({ egress: [{ to, port: 1 }] });
  });

  it('refuses a marker that shares its list with other items, and a list value no template uses', () => {
    const shared = ['to:', '  - ipBlock:', `      cidr: ${marker('a')}`, '  - ipBlock:', '      cidr: 10.0.0.0/8'].join(
      '\n',
    );
    expect(() => expandListValues(shared, ['a'])).toThrow(/shares its list/);
    expect(() => expandListValues('to: []', ['a'])).toThrow(/no template uses/);
  });

  it('are written for the HTTPS environments only: the local one has no host name or certificate', () => {
    expect(chartValues(production).networkPolicy.gatewaySources).toHaveLength(3);
    expect(() => chartValues(local)).toThrow(/no gateway hostname or tlsSecretName/);
  });
});
