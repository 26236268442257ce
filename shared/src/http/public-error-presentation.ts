/*
 * A public route states how it presents some error codes (its PublicErrorPresentation) before it does its work; the
 * error middleware renders whatever the route then throws with it. Kept on the response, so the error itself stays
 * transport-neutral and a use case never knows which endpoint called it.
 */
import type { Response } from 'express';
import type { PublicErrorPresentation } from './error-renderers.js';

const PRESENTATION = 'publicErrorPresentation';

/** Renders the errors of the rest of this request with `presentation` (public style only). */
export function presentPublicErrors(res: Response, presentation: PublicErrorPresentation): void {
  res.locals[PRESENTATION] = presentation;
}

/** The presentation the route set, if any. */
export function publicErrorPresentationOf(res: Response): PublicErrorPresentation | undefined {
  const presentation: PublicErrorPresentation | undefined = res.locals[PRESENTATION];
  return presentation;
}
