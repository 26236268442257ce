export {
  createFileRouteSwitches,
  type FileRouteSwitches,
  type FileRouteSwitchesOptions,
} from './file-route-switches.js';
export { ALL_ROUTES, parseRouteList, sameRouteList } from './route-list.js';
export {
  createMutableRouteSwitches,
  createStaticRouteSwitches,
  type MutableRouteSwitches,
  type MutableRouteSwitchesOptions,
  type RouteSwitches,
} from './route-switches.js';
