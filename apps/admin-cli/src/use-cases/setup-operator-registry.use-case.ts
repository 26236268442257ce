/*
 * `signers setup`: the migration of a platform deployed before the OperatorRegistry (docs/runbooks/signers.md). As
 * the platform admin it installs a registry (deploying one, with the given signers, when none is recorded), records
 * it as the platform's operator, registers the given signers it lacks, and makes the registry the operator of every
 * user's smart account the platform owns. Each step skips what is done already, so a rerun (after a failure, or to
 * check) only does what is left.
 */
import type { Knex } from 'knex';
import type { Address } from 'viem';
import {
  installOperatorRegistry,
  isRegisteredSigner,
  moveAccountToRegistry,
  setSignerRegistered,
} from '../chain/operator-registry-admin.js';
import { withChainErrors } from '#shared/chain/chain-errors.js';
import { type ChainReader, type ChainWriter } from '#shared/chain/chain-clients.js';
import {
  findChainDeployment,
  recordChainDeployment,
} from '#shared/db/chain-deployments/chain-deployments.repository.js';
import { listUsers } from '#shared/db/users/users.repository.js';
import { recordAdminAction } from '../db/admin-audit-log/admin-audit-log.repository.js';
import { AppError } from '#shared/errors/app-error.js';

/** Accounts moved at once: a real chain mines every few seconds, so one at a time would take hours. */
const MOVES_IN_FLIGHT = 8;
/** Users read per listing round; the listing grows until it holds every user. */
const FIRST_USER_PAGE = 1_000;

export interface SetupProgress {
  /** Accounts looked at so far, of `total`. */
  done: number;
  total: number;
  moved: number;
}

export interface SetupRegistryDeps {
  db: Knex;
  reader: () => Promise<ChainReader>;
  /** The platform admin's leased writer. */
  chain: () => Promise<ChainWriter>;
  onProgress?: (progress: SetupProgress) => void;
}

export interface SetupRegistryCommand {
  /** Checksummed executor signer addresses to register (the first registry is deployed with them). */
  signers: readonly Address[];
  actor: string;
}

export interface SetupRegistryResult {
  registry: Address;
  /** A registry was deployed by this run (none was recorded). */
  deployed: boolean;
  /** Given signers this run registered. */
  signersAdded: Address[];
  accountsMoved: number;
  /** Accounts whose operator already was the registry. */
  alreadyMoved: number;
  /** Accounts owned by their user's own wallet: only the user can call `setOperator(registry)`. */
  userOwned: Address[];
  /** Users' account addresses with no contract on this chain (left alone). */
  notOnChain: Address[];
}

export async function setupOperatorRegistry(
  deps: SetupRegistryDeps,
  command: SetupRegistryCommand,
): Promise<SetupRegistryResult> {
  const reader = await deps.reader();
  const chainId = reader.chain.id;
  const deployment = await findChainDeployment(deps.db, chainId);
  if (!deployment) {
    throw new AppError('DEPENDENCY_UNAVAILABLE', {
      detail: `No Foretell platform is recorded for chain ${chainId}: there is nothing to set up`,
    });
  }
  const writer = await deps.chain();
  const deployed = deployment.operatorRegistryAddress === null;
  const registry = await installOperatorRegistry(writer, {
    accountFactory: deployment.accountFactoryAddress,
    registry: deployment.operatorRegistryAddress,
    signers: command.signers,
  });
  // Recorded before any account moves: a failure later leaves a rerun the same registry to move them to.
  if (deployment.operatorRegistryAddress !== registry || deployment.operatorAddress !== registry) {
    const { deployedAt: _deployedAt, ...recorded } = deployment;
    await recordChainDeployment(deps.db, { ...recorded, operatorAddress: registry, operatorRegistryAddress: registry });
  }
  const signersAdded: Address[] = [];
  for (const signer of command.signers) {
    if (await isRegisteredSigner(writer, registry, signer)) continue;
    await setSignerRegistered(writer, { registry, signer, registered: true });
    signersAdded.push(signer);
  }
  const moves = await moveAccounts(deps, writer, registry, await accountsOfUsers(deps.db));
  const result = { registry, deployed, signersAdded, ...moves };
  await recordAdminAction(deps.db, {
    actor: command.actor,
    action: 'signers.setup',
    details: {
      chainId,
      ...result,
      userOwned: moves.userOwned.length,
      notOnChain: moves.notOnChain.length,
    },
  });
  return result;
}

/** Every distinct smart account recorded for a user (users keeps no chain id: the platform has one chain). */
async function accountsOfUsers(db: Knex): Promise<Address[]> {
  let limit = FIRST_USER_PAGE;
  let users = await listUsers(db, { limit });
  while (users.length === limit) {
    limit *= 4;
    users = await listUsers(db, { limit });
  }
  const accounts = users.flatMap((user) => (user.smartAccountAddress ? [user.smartAccountAddress] : []));
  return [...new Set(accounts)];
}

type Moves = Pick<SetupRegistryResult, 'accountsMoved' | 'alreadyMoved' | 'userOwned' | 'notOnChain'>;

async function moveAccounts(
  deps: SetupRegistryDeps,
  writer: ChainWriter,
  registry: Address,
  accounts: readonly Address[],
): Promise<Moves> {
  const moves: Moves = { accountsMoved: 0, alreadyMoved: 0, userOwned: [], notOnChain: [] };
  let next = 0;
  let done = 0;
  let failed = false;
  const moveOne = async (account: Address) => {
    const code = await withChainErrors(() => writer.publicClient.getCode({ address: account }));
    if (code === undefined || code === '0x') {
      moves.notOnChain.push(account);
      return;
    }
    const outcome = await moveAccountToRegistry(writer, { account, registry });
    if (outcome === 'moved') moves.accountsMoved += 1;
    else if (outcome === 'already') moves.alreadyMoved += 1;
    else moves.userOwned.push(account);
  };
  const worker = async () => {
    for (let account = accounts[next]; !failed && account !== undefined; account = accounts[next]) {
      next += 1;
      try {
        await moveOne(account);
      } catch (error) {
        failed = true;
        throw error;
      }
      done += 1;
      if (done % 50 === 0 || done === accounts.length) {
        deps.onProgress?.({ done, total: accounts.length, moved: moves.accountsMoved });
      }
    }
  };
  // Every move in flight settles before a failure is reported: none is left sending once the admin key is released.
  const settled = await Promise.allSettled(Array.from({ length: Math.min(MOVES_IN_FLIGHT, accounts.length) }, worker));
  const failure = settled.find((outcome) => outcome.status === 'rejected');
  if (failure) throw failure.reason;
  return { ...moves, userOwned: moves.userOwned.sort(), notOnChain: moves.notOnChain.sort() };
}
