import type { RequestHandler, Response } from 'express';
import type { RouteParameters } from 'express-serve-static-core';
import { AppError } from '../errors/app-error.js';
import type { RouteSwitches } from '../kill-switch/route-switches.js';
import { methodsWithBody, type BodyKind } from './request-input.js';
import { runSteps, type RouteTable } from './route-table.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

/** Whether a route needs the caller's API key: required (401 without one), optional (recognised when sent), none. */
export type KeyRequirement = 'required' | 'optional' | 'none';

/**
 * The stages of a route, each run only where the route declares it: `before` (steps whose effects every answer
 * carries, a disabled route's 503 included), `killSwitch` (503 ROUTE_DISABLED), `body`, `key` (authentication, usage
 * count), `allowlist` (with a required key), `scope`, `limiter`, `signature`, `version`, `validation`, `handler`.
 */
export type EdgeStage =
  | 'before'
  | 'killSwitch'
  | 'body'
  | 'key'
  | 'allowlist'
  | 'scope'
  | 'limiter'
  | 'signature'
  | 'version'
  | 'validation'
  | 'handler';

/**
 * The admission steps an API offers its routes, each route picking its own by declaration (key, scope, limiter,
 * signature, version), and `order`: the API's one declaration of the order its stages run in (every stage once).
 */
export interface EdgeSteps {
  order: readonly EdgeStage[];
  /** What a route with a required or optional key runs (authentication, usage count…). */
  key: Partial<Record<Exclude<KeyRequirement, 'none'>, readonly RequestHandler[]>>;
  /** The IP allowlist of the caller's key (403), on routes with a required key. */
  allowlist?: RequestHandler;
  /** The check of a declared scope (403). */
  scope?: (scope: string) => RequestHandler;
  /** The rate limiters by kind; a route names one. */
  limiters: Readonly<Record<string, RequestHandler>>;
  /** Verifies a signed request (the trading API's request signing). */
  signature?: RequestHandler;
  /** Selects the API version a request asks for (400 when unsupported). */
  version?: RequestHandler;
}

/** The stages of an API without admission steps (documents, assets): kill switch, body, handler. */
export const PLAIN_ORDER: readonly EdgeStage[] = ['before', 'killSwitch', 'body', 'handler'];

/** What a route asks of the edge (see {@link EdgeSteps}); `route()` and `unknownPath()` take the app's defaults. */
export interface RouteAdmission {
  key: KeyRequirement;
  /** The scope the caller's key must hold; only with a required key. */
  scope?: string;
  /** One of the app's limiter kinds; none: not rate limited. */
  limiter?: string;
  /** Whether a signed request's signature is verified. */
  signature?: boolean;
  /** Whether the API version is selected (the edge's `version` step). */
  version?: boolean;
}

/** One route as both APIs declare it; the edge runs its stages in the API's order (EdgeSteps.order) as one handler. */
export interface RouteDeclaration extends RouteAdmission {
  method: HttpMethod;
  /** Express path syntax; the route id is `${method} ${path}`. */
  path: string;
  body: BodyKind;
  before?: readonly RequestHandler[];
  validation?: RequestHandler;
  /** The route's handler stage; the last step answers. */
  steps: readonly RequestHandler[];
  /** A body limit of its own, in bytes (a batch of items each up to the app's limit); default the app's. */
  bodyLimitBytes?: number;
  /** Route ids whose kill switch also switches this route off (a batch with the single operation it repeats). */
  switchedOffWith?: readonly string[];
}

/** Registers routes under stable ids (`${method} ${path}`) that metrics, logs and kill switches share. */
export interface RouteRegistrar {
  /** Registers a declared route (see {@link RouteDeclaration}). */
  declare(route: RouteDeclaration): void;
  /** A middleware for every request under `prefix`, run before any route (e.g. CORS on `/api`). */
  use(prefix: string, middleware: RequestHandler): void;
  /**
   * Registers `handler` for `path` (a wildcard) on every method, like `route` but never reading a request body:
   * what an API answers for paths it does not serve (e.g. a 404 that still goes through admission).
   */
  unknownPath(path: string, handler: RequestHandler): void;
  /** Ids of every route registered so far (`${method} ${path}`, Express path syntax). */
  readonly routeIds: ReadonlySet<string>;
  /** Declares `handlers` for `method path`, with a JSON body on POST/PUT/PATCH/DELETE and none on other methods. */
  route<Path extends string>(
    method: HttpMethod,
    path: Path,
    ...handlers: Array<RequestHandler<RouteParameters<Path>>>
  ): void;
}

/**
 * Whether the kill switch covered this request's route when it arrived: read once, by the edge's first step, so every
 * later step (an admission step that skips its key lookup, the kill switch step itself) sees the same answer.
 */
export function routeDisabledOf(res: Response): boolean {
  return res.locals.routeDisabled === true;
}

export const allMethods: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

export interface RouteRegistrarOptions {
  table: RouteTable;
  routeSwitches: RouteSwitches;
  /** The body readers of the app, each made for a limit in bytes: the route's `bodyLimitBytes`, else the app's. */
  bodyReaders: Record<Exclude<BodyKind, 'none'>, (limitBytes: number) => RequestHandler>;
  /** The app's body limit (larger bodies get 413 PAYLOAD_TOO_LARGE). */
  bodyLimitBytes: number;
  /** The admission steps routes pick from; without them every route must declare `key: 'none'` and no limiter. */
  edge?: EdgeSteps;
  /** What `route()` and `unknownPath()` declare (default: no key, no limiter). */
  routeDefaults?: RouteAdmission;
  /** Adds a prefix middleware ahead of the route table (the app's `use`). */
  use(prefix: string, middleware: RequestHandler): void;
}

/** The steps of each stage of `route`; fails at start-up when the route declares a step its API lacks. */
function stagesOf(edge: EdgeSteps | undefined, route: RouteDeclaration, routeId: string) {
  const missing = (what: string) => new Error(`route ${routeId} declares ${what} but its API has no such step`);
  if (route.scope !== undefined && route.key !== 'required') {
    throw new Error(`route ${routeId} declares a scope without a required key`);
  }
  const pick = <T>(declared: boolean, step: T | undefined, what: string): T[] => {
    if (!declared) return [];
    if (step === undefined) throw missing(what);
    return [step];
  };
  const stages: Record<Exclude<EdgeStage, 'killSwitch' | 'body'>, readonly RequestHandler[]> = {
    before: route.before ?? [],
    key: route.key === 'none' ? [] : pick(true, edge?.key[route.key], `a ${route.key} key`).flat(),
    allowlist: route.key === 'required' && edge?.allowlist ? [edge.allowlist] : [],
    scope: route.scope === undefined ? [] : pick(true, edge?.scope, 'a scope').map((scope) => scope(route.scope ?? '')),
    limiter: pick(route.limiter !== undefined, edge?.limiters[route.limiter ?? ''], `the ${route.limiter} limiter`),
    signature: pick(route.signature === true, edge?.signature, 'a signature'),
    version: pick(route.version === true, edge?.version, 'version selection'),
    validation: route.validation ? [route.validation] : [],
    handler: route.steps,
  };
  return stages;
}

export function createRouteRegistrar(options: RouteRegistrarOptions): RouteRegistrar {
  const { table, routeSwitches, bodyReaders } = options;
  const ids = new Set<string>();
  const claim = (method: HttpMethod, path: string): string => {
    const routeId = `${method} ${path}`;
    if (ids.has(routeId)) throw new Error(`route ${routeId} is registered twice`);
    ids.add(routeId);
    return routeId;
  };

  const declare = (route: RouteDeclaration): void => {
    const routeId = claim(route.method, route.path);
    const switchIds = [routeId, ...(route.switchedOffWith ?? [])];
    const setRouteId: RequestHandler = (_req, res, next) => {
      res.locals.routeId = routeId;
      res.locals.routeDisabled = switchIds.some((id) => routeSwitches.isDisabled(id));
      next();
    };
    const killSwitch: RequestHandler = (_req, res, next) => {
      // 503 ROUTE_DISABLED, Retry-After 60, `extensions.route`.
      if (routeDisabledOf(res)) throw new AppError('ROUTE_DISABLED', { extensions: { route: routeId } });
      next();
    };
    const stages = stagesOf(options.edge, route, routeId);
    const body = route.body === 'none' ? [] : [bodyReaders[route.body](route.bodyLimitBytes ?? options.bodyLimitBytes)];
    const order = options.edge?.order ?? PLAIN_ORDER;
    for (const [stage, stageSteps] of Object.entries(stages)) {
      if (stageSteps.length > 0 && !order.some((ordered) => ordered === stage)) {
        throw new Error(`route ${routeId} declares the ${stage} stage, which its API's order leaves out`);
      }
    }
    const steps = order.flatMap((stage) =>
      stage === 'killSwitch' ? [killSwitch] : stage === 'body' ? body : stages[stage],
    );
    table.add(route.method, route.path, runSteps([setRouteId, ...steps]));
  };
  const defaults: RouteAdmission = options.routeDefaults ?? { key: 'none' };

  return {
    use: options.use,
    routeIds: ids,
    declare,
    route(method, path, ...handlers) {
      // cast: Express types a route's handlers by its path parameters; the edge runs them as plain handlers.
      const steps = handlers as unknown as RequestHandler[];
      declare({ ...defaults, method, path, body: methodsWithBody.has(method) ? 'json' : 'none', steps });
    },
    unknownPath(path, handler) {
      for (const method of allMethods) declare({ ...defaults, method, path, body: 'none', steps: [handler] });
    },
  };
}

/** An operation of an API's OpenAPI document, as the registrar mounts it (see openapi-document.ts). */
export interface MountableOperation {
  operationId: string;
  method: HttpMethod;
  path: string;
}

/**
 * Both APIs mount their documents this way: every operation of the document becomes one declared route, its handler
 * the one of its operationId; an operation without a handler stops the app at start-up (fail closed), unless another
 * route serves it (documents, health). `route` gives the API's part of the declaration (admission, validation,
 * handler stage).
 */
export function mountOperations<Op extends MountableOperation, Handler>(
  registrar: RouteRegistrar,
  mount: {
    operations: readonly Op[];
    handlers: Readonly<Partial<Record<string, Handler>>>;
    servedElsewhere?: ReadonlySet<string>;
    route(operation: Op, handler: Handler): Omit<RouteDeclaration, 'method' | 'path'>;
  },
): void {
  for (const operation of mount.operations) {
    if (mount.servedElsewhere?.has(operation.operationId)) continue;
    const handler = mount.handlers[operation.operationId];
    if (handler === undefined) throw new Error(`operation ${operation.operationId} has no handler`);
    registrar.declare({ method: operation.method, path: operation.path, ...mount.route(operation, handler) });
  }
}
