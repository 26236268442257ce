import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';
import { DEPLOYABLES } from '../../cdk8s/lib/deployables.js';
import { IMAGE_ENV, NODE_FLAGS } from './build-deployables.js';

/** docker-compose.yml against the Compose Specification's JSON schema (schemas/compose-spec.json, from compose-spec). */
const root = new URL('../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');

interface ComposeService {
  command?: string[];
  ports?: string[];
  depends_on?: Record<string, unknown>;
  environment?: Record<string, string>;
  read_only?: boolean;
  cap_drop?: string[];
}
/** The schema declares draft-07 by its https URL, which ajv (draft-07 built in) does not know by that name. */
function composeValidator() {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats.default(ajv);
  const { $schema: _draft, ...schema } = JSON.parse(read('tooling/build/schemas/compose-spec.json')) as Record<string, unknown>;
  return ajv.compile(schema);
}

// Compose resolves YAML merge keys (`<<: *app`) before it validates, as `merge: true` does here.
const compose = parse(read('docker-compose.yml'), { merge: true }) as { services: Record<string, ComposeService> };

describe('docker-compose.yml', () => {
  it('is valid under the Compose Specification schema', () => {
    const validate = composeValidator();
    expect(validate(compose) ? [] : validate.errors).toEqual([]);
  });

  it('runs every deployable from the one image, hardened, after the setup and on its own port', () => {
    for (const spec of DEPLOYABLES) {
      const service = compose.services[spec.name];
      expect(service?.command).toEqual([spec.name]);
      expect(service?.read_only).toBe(true);
      expect(service?.cap_drop).toEqual(['ALL']);
      expect(service?.depends_on).toHaveProperty('setup');
      if (spec.kind === 'http') expect(service?.ports).toEqual([`${spec.port}:${spec.port}`]);
    }
  });

  it('names only services that exist in depends_on', () => {
    const names = Object.keys(compose.services);
    for (const service of Object.values(compose.services)) {
      for (const dependency of Object.keys(service.depends_on ?? {})) expect(names).toContain(dependency);
    }
  });

  it('is refused by the schema when a service has an unknown field', () => {
    const validate = composeValidator();
    expect(validate({ services: { web: { image: 'x', imagee: 'y' } } })).toBe(false);
  });
});

describe('the image', () => {
  const dockerfile = read('Dockerfile');
  const entrypoint = read('docker-entrypoint.sh');

  it('runs as a numeric non-root user and lets its first argument pick the deployable', () => {
    expect(dockerfile).toMatch(/^USER 10001:10001$/m);
    expect(dockerfile).toContain('ENTRYPOINT ["/usr/local/bin/foretell"]');
    for (const spec of DEPLOYABLES) expect(entrypoint).toContain(spec.name);
    expect(entrypoint).toContain('exec node "build/apps/$app/src/main.js" "$@"');
  });

  it('sets the environment the benches run the compiled deployables with (IMAGE_ENV)', () => {
    const env = Object.entries(IMAGE_ENV)
      .map(([name, value]) => `${name}=${value}`)
      .join(' ');
    expect(dockerfile.split('\n')).toContain(`ENV ${env}`);
  });

  it('starts each deployable with the node flags its Deployment and the benches use (NODE_FLAGS)', () => {
    for (const spec of DEPLOYABLES) {
      expect(spec.nodeFlags).toEqual(NODE_FLAGS[spec.name] ?? []);
      if (spec.nodeFlags.length > 0) {
        expect(entrypoint).toContain(`${spec.name})\n    exec node ${spec.nodeFlags.join(' ')} "build/apps/$app/src/main.js" "$@"`);
      } else {
        expect(entrypoint).toMatch(new RegExp(`^  [a-z| -]*\\b${spec.name}\\b[a-z| -]*\\)\\n    exec node "build`, 'm'));
      }
    }
  });
});
