/*
 * Jest only: openapi-backend (CommonJS) requires @apidevtools/json-schema-ref-parser, which is ESM-only; Node 20
 * loads it natively, but jest's module runtime cannot require ESM. jest.config.js maps the package to this stub,
 * which covers what openapi-backend uses on in-memory documents with internal references only.
 */
/* eslint-disable @typescript-eslint/no-require-imports, no-undef -- a CommonJS file by necessity */
'use strict';
const { dereferenceSync } = require('dereference-json-schema');

module.exports = {
  parse: async (document) => document,
  resolve: async (document) => document,
  dereference: async (document) => dereferenceSync(document),
};
