/* The suite's sandbox stack (jest only: scripts start the stack themselves), up before its tests and closed after. */
import { useSuiteKit } from '../trading-api/suite-kit.js';
import { startSandboxStack, type SandboxOptions, type SandboxStack } from './sandbox-stack.js';

export const useSandboxStack = (options: SandboxOptions = {}): SandboxStack =>
  useSuiteKit(() => startSandboxStack(options), 120_000);
