import type { Command } from 'commander';
import { AppError, isAppError } from '#shared/errors/app-error.js';
import { codeOf } from '#shared/errors/thrown-values.js';
import { ALL_ROUTES, parseRouteList } from '#shared/kill-switch/route-list.js';
import { unknownRouteIds } from '#shared/kill-switch/route-catalogue.js';
import type { RouteSwitchConfigMap } from '#shared/kill-switch/route-switch-configmap.js';
import type { AdminContext } from '../admin-context.js';
import { audited } from '../audit/audited-command.js';
import {
  changeRouteSwitches,
  describeRoutes,
  nextRouteList,
  parseRouteIds,
} from '../use-cases/route-switches.use-case.js';

interface ClusterAccess {
  namespace: string;
  name: string;
  configMap(): Promise<RouteSwitchConfigMap>;
}

/** The ConfigMap through the Kubernetes API, or undefined outside a cluster (no in-pod account, KUBECONFIG or ~/.kube). */
async function clusterAccess(context: AdminContext): Promise<ClusterAccess | undefined> {
  const { hasKubeConfiguration, loadKubeClient } = await import('#shared/kill-switch/kube-client.js');
  const name = context.config.ROUTE_SWITCHES_CONFIGMAP;
  if (!hasKubeConfiguration(context.config)) return undefined;
  const { kubeConfig, namespace } = loadKubeClient(context.config);
  const { routeSwitchConfigMap } = await import('#shared/kill-switch/route-switch-configmap.js');
  return { namespace, name, configMap: async () => routeSwitchConfigMap(kubeConfig, namespace, name) };
}

/** A Kubernetes API failure as the CLI reports it (exit 69), never a stack. */
function kubernetesFailure(error: unknown): AppError {
  if (isAppError(error)) return error;
  const code = codeOf(error);
  const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
  return new AppError('DEPENDENCY_UNAVAILABLE', {
    detail: `the Kubernetes API refused or did not answer${code ? ` (HTTP ${code})` : ''}: ${reason}`,
    cause: error,
  });
}

/** `routes list|disable|enable`: the kill switches of the HTTP apps, in the `route-switches` ConfigMap. */
export function registerRouteCommands(program: Command, context: AdminContext): void {
  const routes = program.command('routes').description('kill switches of the HTTP routes (ConfigMap route-switches)');

  routes
    .command('list')
    .description('every route id the HTTP apps register, with its state in the ConfigMap')
    .action(
      audited(context, {
        action: 'routes.list',
        describe: () => ({ args: {} }),
        run: async () => {
          const cluster = await clusterAccess(context);
          const current = cluster
            ? await (await cluster.configMap()).read().catch((error: unknown) => {
                throw kubernetesFailure(error);
              })
            : undefined;
          const disabled = cluster ? (current?.routes ?? []) : undefined;
          const rows = describeRoutes(disabled);
          const result = {
            configMap: cluster ? `${cluster.namespace}/${cluster.name}` : null,
            disabled: disabled ?? null,
            unknown: unknownRouteIds(disabled ?? []),
            routes: rows,
          };
          const human = [
            cluster
              ? `ConfigMap ${result.configMap}${current ? '' : ' (absent: nothing disabled)'}`
              : 'no Kubernetes configuration here: states unknown (run in the cluster or set KUBECONFIG)',
            ...rows.map((row) => `${row.state.padEnd(8)}  ${row.deployable.padEnd(11)}  ${row.routeId}`),
            ...result.unknown.map((id) => `unknown   (no app)     ${id}  <- in the ConfigMap, registered by no app`),
          ];
          return {
            details: { configMap: result.configMap, disabled: result.disabled },
            print: () => context.print(result, human),
          };
        },
      }),
    );

  for (const action of ['disable', 'enable'] as const) {
    routes
      .command(`${action} <route-id...>`)
      .description(
        action === 'disable'
          ? `answer 503 ROUTE_DISABLED on these routes ('${ALL_ROUTES}' = every data route), within a second`
          : 'serve these routes again',
      )
      .option('--current <list>', 'outside a cluster: the list the ConfigMap holds now, to print the exact patch')
      .action(
        audited(context, {
          action: `routes.${action}`,
          describe: (ids: string[], options: { current?: string }) => ({ args: { routeIds: ids, ...options } }),
          run: async (ids: string[], options: { current?: string }) => {
            const routeIds = parseRouteIds(ids);
            const cluster = await clusterAccess(context);
            if (!cluster) {
              const { kubectlPatchCommand } = await import('#shared/kill-switch/route-switch-configmap.js');
              const namespace = context.config.POD_NAMESPACE ?? 'foretell';
              const after = nextRouteList(parseRouteList(options.current ?? ''), action, routeIds);
              const kubectl = kubectlPatchCommand(namespace, context.config.ROUTE_SWITCHES_CONFIGMAP, after);
              const result = { applied: false, disabled: after, kubectl };
              const human = [
                'no Kubernetes configuration here; run this where kubectl reaches the cluster:',
                kubectl,
                ...(options.current === undefined
                  ? [`(it replaces the whole list: pass --current "<list>" with what the ConfigMap holds now)`]
                  : []),
              ];
              return { details: { applied: false, disabled: after }, print: () => context.print(result, human) };
            }
            const change = await changeRouteSwitches(await cluster.configMap(), action, routeIds).catch(
              (error: unknown) => {
                throw kubernetesFailure(error);
              },
            );
            const result = {
              applied: true,
              changed: change.changed,
              configMap: `${cluster.namespace}/${cluster.name}`,
              before: change.before,
              disabled: change.after,
            };
            const human = [
              change.changed
                ? `${action}d ${routeIds.join(', ')} in ${result.configMap}; the apps apply it within a second`
                : `nothing to change in ${result.configMap}`,
              `disabled now: ${change.after.length ? change.after.join(', ') : '(none)'}`,
            ];
            return {
              details: { configMap: result.configMap, before: change.before, after: change.after },
              print: () => context.print(result, human),
            };
          },
        }),
      );
  }
}
