import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, join } from 'node:path';
import { KubeConfig } from '@kubernetes/client-node';

export interface KubeClientSettings {
  POD_NAMESPACE?: string | undefined;
  KUBECONFIG?: string | undefined;
  KUBERNETES_SERVICE_HOST?: string | undefined;
}

export interface KubeClient {
  kubeConfig: KubeConfig;
  namespace: string;
}

/**
 * The Kubernetes client configuration of the apps and the admin CLI, as `KubeConfig.loadFromDefault()` finds it:
 * KUBECONFIG, else ~/.kube/config, else the in-cluster ServiceAccount. The namespace is POD_NAMESPACE, else the
 * current context's, else `default`.
 */
export function loadKubeClient(settings: KubeClientSettings): KubeClient {
  const kubeConfig = new KubeConfig();
  const files = settings.KUBECONFIG?.split(delimiter).filter(Boolean) ?? [];
  const [onlyFile, ...otherFiles] = files;
  if (onlyFile !== undefined && otherFiles.length === 0) kubeConfig.loadFromFile(onlyFile);
  else kubeConfig.loadFromDefault();
  const contextNamespace = kubeConfig.getContextObject(kubeConfig.getCurrentContext())?.namespace;
  return { kubeConfig, namespace: settings.POD_NAMESPACE ?? contextNamespace ?? 'default' };
}

/**
 * The pod's own service account (its token and the cluster's CA under /var/run/secrets), for work that must happen
 * in the cluster the pod runs in. KUBECONFIG, when set, is used instead: how a test points it at a fake API server.
 */
export function inClusterKubeConfig(settings: Pick<KubeClientSettings, 'KUBECONFIG'>): KubeConfig {
  const kubeConfig = new KubeConfig();
  if (settings.KUBECONFIG) kubeConfig.loadFromFile(settings.KUBECONFIG);
  else kubeConfig.loadFromCluster();
  return kubeConfig;
}

/** Whether any Kubernetes configuration is at hand (in a pod, KUBECONFIG, or ~/.kube/config). */
export function hasKubeConfiguration(settings: KubeClientSettings): boolean {
  return Boolean(
    settings.KUBERNETES_SERVICE_HOST || settings.KUBECONFIG || existsSync(join(homedir(), '.kube', 'config')),
  );
}
