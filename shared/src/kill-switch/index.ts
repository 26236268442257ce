export {
  createFileRouteSwitches,
  type FileRouteSwitches,
  type FileRouteSwitchesOptions,
} from './file-route-switches.js';
// kube-client.ts and kubernetes-route-switches.ts are imported by path, on demand: @kubernetes/client-node is
// large and only processes that use the Kubernetes source should pay for loading it.
export {
  httpDeployables,
  isKnownRouteId,
  ROUTE_CATALOGUE,
  unknownRouteIds,
  type HttpDeployable,
} from './route-catalogue.js';
export { ALL_ROUTES, parseRouteList, sameRouteList } from './route-list.js';
export {
  createRouteSwitchObserver,
  type RouteSwitchesStatus,
  type RouteSwitchObserver,
  type RouteSwitchObserverOptions,
  type RouteSwitchSource,
} from './route-switch-observer.js';
export {
  createMutableRouteSwitches,
  createStaticRouteSwitches,
  type MutableRouteSwitches,
  type MutableRouteSwitchesOptions,
  type RouteSwitches,
} from './route-switches.js';
