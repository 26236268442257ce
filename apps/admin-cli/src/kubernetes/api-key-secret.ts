/*
 * `keys issue` in a cluster: the plaintext key and webhook secret go into a Secret the CLI creates through the
 * Kubernetes API (the Job's `foretell-key-issuer` token, a Role that may only create Secrets), never into its
 * output, which the cluster ships to its log store. docs/runbooks/cluster-operations.md: read it once, delete it.
 */
import { CoreV1Api, type KubeConfig, type V1Secret } from '@kubernetes/client-node';
import { AppError } from '#shared/errors/app-error.js';
import { codeOf } from '#shared/errors/thrown-values.js';
import type { IssuedKey } from '../use-cases/issue-key.use-case.js';

/** Where an issued key was handed over: the Secret and the entries it holds. */
export interface KeySecretLocation {
  namespace: string;
  name: string;
  /** `apiKey`, and `webhookSecret` when the key has a webhook URL. */
  entries: string[];
}

export interface KeySecretWriter {
  /** Creates the Secret holding `issued`'s plaintext; rejects with an AppError that never carries it. */
  write(issued: IssuedKey): Promise<KeySecretLocation>;
}

/** One Secret per key, named after its id (a UUID: a valid object name). */
export const apiKeySecretName = (keyId: string): string => `api-key-${keyId.toLowerCase()}`;

/** The Secret as the API receives it: immutable, labelled as Foretell's, the key's and user's ids as annotations. */
export function apiKeySecret(namespace: string, issued: IssuedKey): V1Secret {
  const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
  const { record, key, webhookSecret } = issued;
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: {
      name: apiKeySecretName(record.id),
      namespace,
      labels: { 'app.kubernetes.io/part-of': 'foretell', 'app.kubernetes.io/component': 'api-key' },
      annotations: { 'foretell/api-key-id': record.id, 'foretell/user-id': record.userId },
    },
    type: 'Opaque',
    immutable: true,
    data: { apiKey: base64(key), ...(webhookSecret === null ? {} : { webhookSecret: base64(webhookSecret) }) },
  };
}

/** Writes each key's Secret into `namespace` (POD_NAMESPACE, else the kubeconfig context's). */
export function kubernetesKeySecretWriter(kubeConfig: KubeConfig, namespace: string): KeySecretWriter {
  const core = kubeConfig.makeApiClient(CoreV1Api);
  return {
    async write(issued) {
      const body = apiKeySecret(namespace, issued);
      const name = apiKeySecretName(issued.record.id);
      try {
        await core.createNamespacedSecret({ namespace, body });
      } catch (error) {
        throw secretRefused(`${namespace}/${name}`, error);
      }
      return { namespace, name, entries: Object.keys(body.data ?? {}) };
    },
  };
}

/**
 * The API's refusal as the CLI reports it (exit 69): the status and the first line of the reason only (the client's
 * message goes on with the response; nothing of the request, which holds the key, is ever quoted).
 */
function secretRefused(secret: string, error: unknown): AppError {
  const code = codeOf(error);
  const reason = error instanceof Error ? (error.message.split('\n')[0] ?? '') : typeof error;
  // A Job without the key issuer's token fails here: 403 with another account's, no answer without any.
  const hint =
    ': a `keys issue` Job runs as foretell-key-issuer with its token (npx tsx cdk8s/admin-job.ts writes it so)';
  return new AppError('DEPENDENCY_UNAVAILABLE', {
    detail:
      `the Kubernetes API did not create Secret ${secret}${typeof code === 'number' ? ` (HTTP ${code})` : ''}: ` +
      `${reason}${hint}. No key was issued.`,
    cause: error,
  });
}
