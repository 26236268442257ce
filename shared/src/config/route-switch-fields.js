import { z } from 'zod';
/** An env value that counts as unset when empty (`POD_NAMESPACE=` in a compose file). */
const optionalText = z
    .string()
    .optional()
    .transform((value) => (value?.trim() ? value.trim() : undefined));
/**
 * Where the kill switches live in a cluster (DESIGN §7). The Kubernetes client itself reads KUBECONFIG (or the
 * in-cluster ServiceAccount) through `KubeConfig.loadFromDefault()`.
 */
export const kubernetesRouteSwitchFields = {
    /** The ConfigMap holding `ROUTE_DISABLED`. */
    ROUTE_SWITCHES_CONFIGMAP: z
        .string()
        .regex(/^[a-z0-9]([-a-z0-9.]{0,251}[a-z0-9])?$/, 'must be a Kubernetes object name')
        .default('route-switches'),
    /** Set by the manifests from the downward API; else the kubeconfig context's namespace, else `default`. */
    POD_NAMESPACE: optionalText,
    /** Set by Kubernetes in every pod: its presence means "inside a cluster". */
    KUBERNETES_SERVICE_HOST: optionalText,
    /** A kubeconfig (or several, joined like PATH) to use instead of ~/.kube/config or the in-cluster account. */
    KUBECONFIG: optionalText,
};
/** HTTP apps: the source of their kill switches; unset picks kubernetes in a cluster, else file, else env. */
export const routeSwitchFields = {
    ...kubernetesRouteSwitchFields,
    ROUTE_SWITCHES_SOURCE: z.enum(['kubernetes', 'file', 'env']).optional(),
};
