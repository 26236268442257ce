import { Construct } from 'constructs';
import {
  Gateway,
  GatewaySpecListenersAllowedRoutesNamespacesFrom,
  GatewaySpecListenersTlsMode,
} from '../imports/gateway-gateway.networking.k8s.io.js';
import { HttpRoute, HttpRouteSpecRulesMatchesPathType } from '../imports/httproute-gateway.networking.k8s.io.js';
import type { DeployableName } from './deployables.js';
import type { Environment } from './environment.js';
import { partOfLabels } from './labels.js';

export const GATEWAY_NAME = 'foretell';

/** Path prefixes and the Service each goes to. */
export const ROUTES: ReadonlyArray<{ prefix: string; service: DeployableName }> = [
  { prefix: '/v1', service: 'trading-api' },
  { prefix: '/api', service: 'public-read' },
  // The embeddable widget's script and demo page (issue 19).
  { prefix: '/embed', service: 'public-read' },
];

/** The way in: a Gateway (HTTPS when a certificate is configured) and one HTTPRoute to the two HTTP apps. */
export class ForetellGateway extends Construct {
  constructor(scope: Construct, env: Environment) {
    super(scope, 'gateway');
    const { hostname, tlsSecretName } = env.gateway;
    const listener = tlsSecretName
      ? {
          name: 'https',
          protocol: 'HTTPS',
          port: 443,
          tls: {
            mode: GatewaySpecListenersTlsMode.TERMINATE,
            certificateRefs: [{ kind: 'Secret', name: tlsSecretName }],
          },
        }
      : { name: 'http', protocol: 'HTTP', port: 80 };

    new Gateway(this, 'gateway', {
      metadata: { name: GATEWAY_NAME, namespace: env.namespace, labels: partOfLabels },
      spec: {
        gatewayClassName: env.gateway.className,
        listeners: [
          {
            ...listener,
            ...(hostname ? { hostname } : {}),
            allowedRoutes: { namespaces: { from: GatewaySpecListenersAllowedRoutesNamespacesFrom.SAME } },
          },
        ],
      },
    });

    new HttpRoute(this, 'route', {
      metadata: { name: GATEWAY_NAME, namespace: env.namespace, labels: partOfLabels },
      spec: {
        parentRefs: [{ name: GATEWAY_NAME, sectionName: listener.name }],
        ...(hostname ? { hostnames: [hostname] } : {}),
        rules: ROUTES.map((route) => ({
          matches: [{ path: { type: HttpRouteSpecRulesMatchesPathType.PATH_PREFIX, value: route.prefix } }],
          backendRefs: [{ name: route.service, port: 80 }],
        })),
      },
    });
  }
}
