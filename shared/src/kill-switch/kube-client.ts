import { KubeConfig } from '@kubernetes/client-node';

export interface KubeClientSettings {
  POD_NAMESPACE?: string | undefined;
}

export interface KubeClient {
  kubeConfig: KubeConfig;
  namespace: string;
}

/**
 * The Kubernetes client configuration of the apps and the admin CLI: `KubeConfig.loadFromDefault()` (KUBECONFIG,
 * else ~/.kube/config, else the in-cluster ServiceAccount); the namespace is POD_NAMESPACE, else the current
 * context's, else `default`.
 */
export function loadKubeClient(settings: KubeClientSettings): KubeClient {
  const kubeConfig = new KubeConfig();
  kubeConfig.loadFromDefault();
  const contextNamespace = kubeConfig.getContextObject(kubeConfig.getCurrentContext())?.namespace;
  return { kubeConfig, namespace: settings.POD_NAMESPACE ?? contextNamespace ?? 'default' };
}
