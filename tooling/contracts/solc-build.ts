/**
 * Offline Solidity build: solc-js standard JSON over shared/contracts/src, OpenZeppelin resolved from node_modules,
 * rendered into one TypeScript module per deployable contract (`<name>Abi` / `<name>Bytecode`, both `as const`).
 * Output depends only on the sources and the pinned compiler, so the same sources give byte-identical files.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import solc from 'solc';

export const contractsRoot = fileURLToPath(new URL('../../shared/contracts/', import.meta.url));
export const artifactsDir = path.join(contractsRoot, 'artifacts');
const sourcesDir = path.join(contractsRoot, 'src');
const nodeModules = path.join(contractsRoot, '..', '..', 'node_modules');

/** Deployable contracts and the export prefix of their artifact. */
export const deployables = {
  TestUSDC: 'testUsdc',
  SmartAccount: 'smartAccount',
  SmartAccountFactory: 'smartAccountFactory',
  Market: 'market',
  MarketFactory: 'marketFactory',
  BatchExecutor: 'batchExecutor',
  OperatorRegistry: 'operatorRegistry',
} as const;

/** EIP-170 limit on deployed code. */
const MAX_RUNTIME_BYTES = 24_576;

export const compilerSettings = {
  optimizer: { enabled: true, runs: 200 },
  viaIR: true,
  evmVersion: 'cancun',
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
} as const;

interface SolcMessage {
  severity: 'error' | 'warning' | 'info';
  formattedMessage: string;
}

interface SolcContract {
  abi: unknown[];
  evm: { bytecode: { object: string }; deployedBytecode: { object: string } };
}

interface SolcOutput {
  errors?: SolcMessage[];
  contracts?: Record<string, Record<string, SolcContract>>;
}

export class CompilationError extends Error {}

/** Source unit names are paths relative to shared/contracts (e.g. `src/Market.sol`), never absolute. */
function collectSources(dir: string, prefix: string): Record<string, { content: string }> {
  const sources: Record<string, { content: string }> = {};
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const unitName = `${prefix}/${entry.name}`;
    if (entry.isDirectory()) Object.assign(sources, collectSources(path.join(dir, entry.name), unitName));
    else if (entry.name.endsWith('.sol'))
      sources[unitName] = { content: readFileSync(path.join(dir, entry.name), 'utf8') };
  }
  return sources;
}

function resolveImport(unitName: string): { contents: string } | { error: string } {
  if (!unitName.startsWith('@openzeppelin/')) return { error: `unresolvable import ${unitName}` };
  const file = path.join(nodeModules, ...unitName.split('/'));
  try {
    return { contents: readFileSync(file, 'utf8') };
  } catch {
    return { error: `${unitName} not found under node_modules (run npm ci)` };
  }
}

/** Compiles every source and returns `{ fileName: contents }` for the artifacts directory. */
export function buildArtifacts(): Map<string, string> {
  const input = { language: 'Solidity', sources: collectSources(sourcesDir, 'src'), settings: compilerSettings };
  const compiled: unknown = solc.compile(JSON.stringify(input), { import: resolveImport });
  if (typeof compiled !== 'string') throw new Error('solc answered no standard JSON output');
  // cast: solc's standard JSON output, whose schema (of the solc version package.json pins) SolcOutput declares; a
  // compilation that failed still answers this shape, with its messages in `errors`, checked below
  const output = JSON.parse(compiled) as SolcOutput;
  const messages = output.errors ?? [];
  const errors = messages.filter((message) => message.severity === 'error');
  if (errors.length > 0) {
    throw new CompilationError(errors.map((message) => message.formattedMessage).join('\n'));
  }
  for (const warning of messages.filter((message) => message.severity === 'warning')) {
    // OpenZeppelin's transient reentrancy guard always triggers the generic EIP-1153 notice; it clears its slot.
    if (warning.formattedMessage.includes('@openzeppelin/contracts/utils/TransientSlot.sol')) continue;
    process.stderr.write(warning.formattedMessage + '\n');
  }

  const files = new Map<string, string>();
  const version = String(solc.version());
  for (const [contractName, exportName] of Object.entries(deployables)) {
    const unitName = `src/${contractName}.sol`;
    const contract = output.contracts?.[unitName]?.[contractName];
    if (!contract) throw new CompilationError(`${contractName} missing from the compiler output of ${unitName}`);
    const runtimeBytes = contract.evm.deployedBytecode.object.length / 2;
    if (runtimeBytes > MAX_RUNTIME_BYTES) {
      throw new CompilationError(`${contractName} runtime code is ${runtimeBytes} bytes (limit ${MAX_RUNTIME_BYTES})`);
    }
    files.set(`${contractName}.ts`, renderArtifact(contractName, exportName, unitName, version, contract));
  }
  files.set('index.ts', renderIndex());
  return files;
}

function renderArtifact(
  contractName: string,
  exportName: string,
  unitName: string,
  version: string,
  contract: SolcContract,
): string {
  return [
    `// Generated by tooling/contracts/compile.ts from shared/contracts/${unitName} with solc ${version}. Do not edit.`,
    `export const ${exportName}Abi = ${JSON.stringify(contract.abi, null, 2)} as const;`,
    '',
    `export const ${exportName}Bytecode = '0x${contract.evm.bytecode.object}' as const;`,
    '',
  ].join('\n');
}

function renderIndex(): string {
  const lines = ['// Generated by tooling/contracts/compile.ts. Do not edit.'];
  for (const contractName of Object.keys(deployables)) lines.push(`export * from './${contractName}.js';`);
  return lines.join('\n') + '\n';
}
