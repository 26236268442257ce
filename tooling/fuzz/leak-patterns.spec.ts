import { describe, expect, it } from '@jest/globals';
import { findLeaks } from './leak-patterns.js';

const kinds = (response: string, request = '', secrets: string[] = []) =>
  findLeaks({ response, request, secrets }).map((leak) => leak.kind);

describe('findLeaks', () => {
  it('finds stack frames, file paths, SQL, connection URLs and key material', () => {
    expect(kinds('Error: boom\n    at handler (/work/main/apps/x.ts:10:5)')).toEqual(
      expect.arrayContaining(['stack trace', 'file path']),
    );
    expect(kinds('{"detail":"TypeError: cannot read x"}')).toEqual(['error class']);
    expect(kinds('{"detail":"ER_DUP_ENTRY: Duplicate entry"}')).toEqual(['sql']);
    expect(kinds('select id from trades where x')).toEqual(['sql']);
    expect(kinds('mysql://root@127.0.0.1:3306/db')).toEqual(['connection url']);
    expect(kinds('-----BEGIN EC PRIVATE KEY-----')).toEqual(['private key']);
    expect(kinds('{"secret":"whsec_abcdefghijkl"}')).toEqual(['webhook secret']);
    expect(kinds('missing DATABASE_URL')).toEqual(['environment']);
    expect(kinds('{"module":"node_modules/express"}')).toEqual(['file path']);
  });

  it('finds literal secrets of the deployment, naming only their start', () => {
    const leaks = findLeaks({ response: 'pepper=test-pepper-0123', request: '', secrets: ['test-pepper-0123'] });
    expect(leaks).toEqual([{ kind: 'secret', excerpt: expect.stringMatching(/^test-p… at offset 7$/) }]);
  });

  it('ignores what the client sent itself and the kinds a response may carry', () => {
    expect(kinds('unknown parameter node_modules', 'GET /api?node_modules=1')).toEqual([]);
    expect(findLeaks({ response: 'whsec_abcdefghijkl', request: '', allowedKinds: ['webhook secret'] })).toEqual([]);
  });

  it('passes ordinary error bodies', () => {
    expect(
      kinds(
        '{"type":"http://docs.test/v1/docs/errors/VALIDATION_FAILED","title":"Validation failed","status":400,' +
          '"code":"VALIDATION_FAILED","detail":"query member limit must be >= 1.","instance":"/v1/markets"}',
      ),
    ).toEqual([]);
  });
});
