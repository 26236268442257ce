import { describe, expect, it } from '@jest/globals';
import { AppError } from '../errors/app-error.js';
import { isRequestCausedQuoteFailure, quoteContractRefusal, quoteOutcomeRefusal } from './quote-rules.js';

const onChain = { contractAddress: '0x00000000000000000000000000000000000000aa' as const, chainId: 31337 };

describe('quote rules', () => {
  it('refuses an outcome index past the last outcome, naming the highest one', () => {
    const market = { outcomes: ['Yes', 'No'] };
    expect(quoteOutcomeRefusal(market, 0)).toBeNull();
    expect(quoteOutcomeRefusal(market, 1)).toBeNull();
    expect(quoteOutcomeRefusal(market, 2)).toEqual({ reason: 'outcome_out_of_range', highestOutcomeIndex: 1 });
  });

  it('refuses a market without a contract, with or without the chain', () => {
    expect(quoteContractRefusal({ contractAddress: null, chainId: null })).toEqual({ reason: 'no_contract' });
    expect(quoteContractRefusal({ contractAddress: null, chainId: 31337 }, 31337)).toEqual({ reason: 'no_contract' });
  });

  it('refuses a market deployed on another chain once the chain is known', () => {
    expect(quoteContractRefusal(onChain)).toBeNull();
    expect(quoteContractRefusal(onChain, 31337)).toBeNull();
    expect(quoteContractRefusal(onChain, 1)).toEqual({ reason: 'other_chain' });
    expect(quoteContractRefusal({ ...onChain, chainId: null }, 1)).toBeNull();
  });

  it('counts only the chain layer client errors as caused by the request', () => {
    expect(isRequestCausedQuoteFailure(new AppError('TRADE_AMOUNT_NOT_EXECUTABLE'))).toBe(true);
    expect(isRequestCausedQuoteFailure(new AppError('DEPENDENCY_UNAVAILABLE'))).toBe(false);
    expect(isRequestCausedQuoteFailure(new AppError('CHAIN_REVERTED'))).toBe(false);
    expect(isRequestCausedQuoteFailure(new Error('boom'))).toBe(false);
  });
});
