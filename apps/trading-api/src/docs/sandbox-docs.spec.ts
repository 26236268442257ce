/*
 * The sandbox table of the docs page (the description's info section, which /v1/docs shows first) and the declared
 * X-Service-Simulate header stay in step with the values the API accepts (issue 19).
 */
import { describe, expect, it } from '@jest/globals';
import { parseTradeSimulation, simulatedOutcomes } from '#shared/domain/trade-simulation.js';
import { AppError } from '#shared/errors/app-error.js';
import { tradingApiDocument } from '../openapi/operations.js';

const document = tradingApiDocument();
/** The table's body rows (its header row names the header itself). */
const rows = (document.info.description ?? '')
  .split('\n')
  .filter((line) => line.startsWith('| `') && !line.startsWith('| `X-Service-Simulate`'));

describe('sandbox documentation', () => {
  it('has one table row per simulation value: value → status → errorCode → event', () => {
    const documented = rows.map((row) => row.split('|').map((cell) => cell.trim()));
    const values = [...simulatedOutcomes, 'delay=<ms>'].map((value) => `\`${value}\``);
    expect(documented.map((cells) => cells[1]).sort()).toEqual(values.sort());
    for (const cells of documented) expect(cells).toHaveLength(7);
    const byValue = Object.fromEntries(documented.map((cells) => [cells[1], cells.slice(3, 6)]));
    expect(byValue['`slippage`']).toEqual(['`failed`', '`SLIPPAGE_EXCEEDED`', '`trade.failed`']);
    expect(byValue['`price_limit`']).toEqual(['`failed`', '`PRICE_LIMIT_EXCEEDED`', '`trade.failed`']);
    expect(byValue['`reject`']).toEqual(['`rejected`', '`TRADE_REJECTED_BY_OPERATOR`', '`trade.rejected`']);
  });

  it('declares the header on POST /v1/trades with a pattern that admits exactly the parseable values', () => {
    const parameters = (document.paths?.['/trades']?.post?.parameters ?? []) as Array<{ $ref?: string }>;
    expect(parameters.map((parameter) => parameter.$ref)).toContain('#/components/parameters/Simulate');
    const declared = document.components?.parameters?.Simulate as { name: string; schema: { pattern: string } };
    expect(declared.name).toBe('X-Service-Simulate');
    const pattern = new RegExp(declared.schema.pattern);
    for (const value of [...simulatedOutcomes, 'delay=1', 'delay=30000']) {
      expect([value, pattern.test(value)]).toEqual([value, true]);
      expect(parseTradeSimulation(value)).not.toBeInstanceOf(AppError);
    }
    for (const value of ['delay=0', 'explode', 'Revert', 'delay=100000']) expect(pattern.test(value)).toBe(false);
  });
});
