import type { Command } from 'commander';
import { getAddress, isAddress } from 'viem';
import type { AdminContext } from '../admin-context.js';
import { audited, type Completion } from '../audit/audited-command.js';
import { parseAddress } from '../cli-arguments.js';
import { listSigners, setSigner } from '../use-cases/manage-signers.use-case.js';
import { setupOperatorRegistry } from '../use-cases/setup-operator-registry.use-case.js';

/** The audit target of an --address as typed: its checksummed form when it is one, else the text itself. */
const signerTarget = (address: string) => ({
  type: 'signer' as const,
  id: isAddress(address.trim(), { strict: false }) ? getAddress(address.trim()) : address,
});

const collect = (value: string, previous: string[]) => [...previous, value];

/**
 * `signers list|add|revoke|setup`: the chain executor's signer keys in the OperatorRegistry, the operator of every
 * smart account (docs/runbooks/signers.md). Changes are sent as the platform admin, whose key each run leases.
 */
export function registerSignerCommands(program: Command, context: AdminContext): void {
  const signers = program
    .command('signers')
    .description('the executor signer keys registered in the OperatorRegistry, and its setup');
  const readDeps = () => ({ reader: context.chainReader, platform: context.platform });

  signers
    .command('list')
    .description('every signer the registry has registered, and whether it still is (reads the chain only)')
    .action(
      audited(context, {
        action: 'signers.list',
        describe: () => ({ args: {} }),
        run: async () => {
          const { registry, signers: list } = await listSigners(readDeps());
          const human = [
            `OperatorRegistry ${registry}`,
            ...(list.length
              ? list.map((signer) => `  ${signer.address}  ${signer.registered ? 'registered' : 'revoked'}`)
              : ['  no signers']),
          ];
          return {
            details: { registry, count: list.length },
            print: () => context.print({ registry, signers: list }, human),
          };
        },
      }),
    );

  const change = (name: 'add' | 'revoke', registered: boolean, description: string) =>
    signers
      .command(name)
      .description(description)
      .requiredOption('--address <address>', 'the signer’s address (0x + 40 hex digits)')
      .action(
        audited(context, {
          action: `signers.${name}`,
          describe: (options: { address: string }) => ({ target: signerTarget(options.address), args: { ...options } }),
          run: async (options: { address: string }): Promise<Completion> => {
            const address = parseAddress(options.address, '--address');
            const result = await setSigner(
              { ...readDeps(), db: await context.db(), chain: context.chain },
              { address, registered, actor: context.actor() },
            );
            const state = registered ? 'registered' : 'revoked';
            const human = [
              result.txHash
                ? `${state} signer ${address} in the OperatorRegistry ${result.registry}`
                : `signer ${address} already was ${state} in the OperatorRegistry ${result.registry}; nothing sent`,
              ...(result.txHash ? [`  tx  ${result.txHash}`] : []),
            ];
            return { recordedByUseCase: true, print: () => context.print({ ...result }, human) };
          },
        }),
      );
  change('add', true, 'register an executor signer key (idempotent)');
  change('revoke', false, 'revoke an executor signer key on every smart account at once (idempotent)');

  signers
    .command('setup')
    .description(
      'migrate a platform deployed before the OperatorRegistry: install and record it, and make it the operator ' +
        'of every platform-owned smart account (idempotent)',
    )
    .option('--signer <address>', 'an executor signer to register (repeatable)', collect, [])
    .action(
      audited(context, {
        action: 'signers.setup',
        describe: (options: { signer: string[] }) => ({ args: { signers: options.signer } }),
        run: async (options: { signer: string[] }): Promise<Completion> => {
          const signerAddresses = [...new Set(options.signer.map((text) => parseAddress(text, '--signer')))];
          const result = await setupOperatorRegistry(
            {
              db: await context.db(),
              reader: context.chainReader,
              chain: context.chain,
              onProgress: ({ done, total, moved }) =>
                context.io.stderr(`examined ${done} of ${total} smart accounts: ${moved} moved\n`),
            },
            { signers: signerAddresses, actor: context.actor() },
          );
          const human = [
            `OperatorRegistry ${result.registry}${result.deployed ? ' (deployed now)' : ''}, recorded for the platform`,
            `  signers registered now   ${result.signersAdded.join(', ') || '-'}`,
            `  accounts moved           ${result.accountsMoved}`,
            `  already on the registry  ${result.alreadyMoved}`,
            `  owned by users' wallets  ${result.userOwned.length}${result.userOwned.length ? ' (each owner must call setOperator):' : ''}`,
            ...result.userOwned.map((account) => `    ${account}`),
            ...(result.notOnChain.length
              ? [`  not on this chain        ${result.notOnChain.length}: ${result.notOnChain.join(', ')}`]
              : []),
          ];
          return { recordedByUseCase: true, print: () => context.print({ ...result }, human) };
        },
      }),
    );
}
