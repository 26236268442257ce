import type { RequestHandler } from 'express';
import { AppError } from '#shared/errors/app-error.js';
import { setApiVersion } from './request-context.js';

import { CURRENT_API_VERSION } from '#shared/domain/api-version.js';

export { CURRENT_API_VERSION };
/** Versions served side by side (breaking changes run in parallel for 12 months). */
export const SUPPORTED_API_VERSIONS: readonly string[] = [CURRENT_API_VERSION];
export const API_VERSION_HEADER = 'X-Service-Api-Version';

/** Version selection: the optional request header pins a version; unknown → 400 API_VERSION_UNSUPPORTED. */
export const apiVersionSelectionMiddleware: RequestHandler = (req, res, next) => {
  const requested = req.get(API_VERSION_HEADER)?.trim();
  if (requested !== undefined && requested !== '' && !SUPPORTED_API_VERSIONS.includes(requested)) {
    throw new AppError('API_VERSION_UNSUPPORTED', {
      detail: `API version ${requested.slice(0, 32)} is not supported.`,
      extensions: { supported: SUPPORTED_API_VERSIONS },
    });
  }
  const version = requested || CURRENT_API_VERSION;
  setApiVersion(res, version);
  // The current label is already on every response (the app's static headers); only a pinned other one is set.
  if (version !== CURRENT_API_VERSION) res.setHeader(API_VERSION_HEADER, version);
  next();
};
