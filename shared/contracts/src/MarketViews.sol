// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {IMarket} from "./interfaces/IMarket.sol";
import {PythagoreanMath as PM} from "./lib/PythagoreanMath.sol";

/// @title MarketViews
/// @notice Storage, getters and quote views of a Foretell market; `Market` adds the state-changing functions.
/// @dev Quotes run the exact code path of the trades they predict, so a quote at block B equals the trade at B.
abstract contract MarketViews is IMarket {
    /// @notice Settlement token (USDC, 6 decimals).
    IERC20 public usdc;
    /// @notice Receiver of protocol fees.
    address public treasury;
    /// @notice Off-chain market id (the platform's UUID as bytes32).
    bytes32 public marketId;
    /// @notice Trading stops at this Unix time; anyone may cancel from resolveTime + gracePeriod.
    uint64 public resolveTime;
    /// @notice Seconds after resolveTime before anyone may cancel an unresolved market.
    uint64 public gracePeriod;
    /// @notice Lifecycle state.
    State public state;
    /// @notice Reserve R in WAD (USDC atomic x 1e12). Equals the USDC held x 1e12 (minus paid-out redemptions).
    uint256 public reserve;
    /// @notice Reserve frozen at resolution or cancellation; the basis of every redemption.
    uint256 public finalReserve;
    /// @notice Total supply of the winning outcomes at resolution.
    uint256 public winningSupply;
    /// @notice Outcome-token balances: balanceOf(account, outcome) in WAD.
    mapping(address account => mapping(uint256 outcome => uint256)) public balanceOf;

    uint256[] internal _weights;
    uint256[] internal _supplies;
    uint256[] internal _winners;
    mapping(uint256 outcome => bool) internal _isWinner;
    /// @dev sum(a_i * s_i^2), exact.
    uint256 internal _sumSq;
    /// @dev sum(a_i * s_i), exact.
    uint256 internal _sumLin;

    /// @notice Number of outcomes.
    function outcomeCount() external view returns (uint256) {
        return _weights.length;
    }

    /// @notice Static weights a_i (WAD, summing to 1e18).
    function weights() external view returns (uint256[] memory) {
        return _weights;
    }

    /// @notice Outcome-token supplies s_i (WAD).
    function supplies() external view returns (uint256[] memory) {
        return _supplies;
    }

    /// @notice Winning outcomes (empty unless resolved).
    function winners() external view returns (uint256[] memory) {
        return _winners;
    }

    /// @notice All balances of `account`, one per outcome.
    function balancesOf(address account) external view returns (uint256[] memory balances) {
        balances = new uint256[](_weights.length);
        for (uint256 i; i < balances.length; ++i) balances[i] = balanceOf[account][i];
    }

    /// @notice Fees of a sell in basis points of the curve's release: 1 % AMM fee and 1 % protocol fee, both to the
    ///         treasury (neither stays in the reserve).
    function sellFeeBps() external pure returns (uint256 ammFeeBps, uint256 protocolFeeBps) {
        return (PM.SELL_AMM_FEE_BPS, PM.SELL_PROTOCOL_FEE_BPS);
    }

    /// @notice Protocol fee of a buy in basis points of the amount paid.
    function buyFeeBps() external pure returns (uint256) {
        return PM.BUY_FEE_BPS;
    }

    /// @notice Current normalised prices, capital shares (each summing to 1e18) and c.
    function currentPrices() external view returns (uint256[] memory p, uint256[] memory q, uint256 c) {
        (p, q) = _priceArrays(0, _supplies[0], _sumLin, _sumSq);
        c = PM.coefficient(reserve, _sumSq);
    }

    /// @notice Price snapshot of a settled market: WAD USDC paid per WAD token of each outcome.
    /// @dev Resolved: finalReserve / winningSupply for winners, 0 otherwise. Cancelled: R*a_i*s_i/A at cancel time
    ///      (supplies no longer change, so the snapshot is fixed). Open/Frozen: all zero.
    function snapshot() public view returns (uint256 reserveAtSettlement, uint256[] memory prices) {
        prices = new uint256[](_weights.length);
        reserveAtSettlement = finalReserve;
        if (state == State.Resolved) {
            uint256 price = Math.mulDiv(finalReserve, PM.WAD, winningSupply);
            for (uint256 i; i < _winners.length; ++i) prices[_winners[i]] = price;
        } else if (state == State.Cancelled) {
            for (uint256 i; i < prices.length; ++i) {
                prices[i] = PM.refundPrice(finalReserve, _sumSq, _weights[i], _supplies[i]);
            }
        }
    }

    /// @notice USDC (atomic) that `account` would receive by redeeming `outcome` now (0 when not claimable).
    function redeemable(address account, uint256 outcome) public view returns (uint256) {
        uint256 tokens = balanceOf[account][outcome];
        if (tokens == 0 || outcome >= _weights.length) return 0;
        if (state == State.Resolved) {
            return _isWinner[outcome] ? Math.mulDiv(finalReserve, tokens, winningSupply) / PM.USDC_TO_WAD : 0;
        }
        if (state == State.Cancelled) {
            return Math.mulDiv(finalReserve, _weights[outcome] * _supplies[outcome] * tokens, _sumSq) / PM.USDC_TO_WAD;
        }
        return 0;
    }

    /// @notice Quote of `buy(outcome, usdcIn, 0)` at the current state (ignores the lifecycle state).
    function quoteBuy(uint256 outcome, uint256 usdcIn) external view returns (BuyQuote memory quote) {
        _checkOutcome(outcome);
        if (usdcIn > type(uint128).max) revert AmountTooLarge(usdcIn);
        uint256 supply = _supplies[outcome];
        uint256 net;
        (quote.fee, net) = _splitBuy(usdcIn);
        quote.reserveAfter = reserve + net * PM.USDC_TO_WAD;
        (uint256 newSupply, uint256 newSumSq) = PM.buySupply(reserve, _sumSq, _weights[outcome], supply, net * PM.USDC_TO_WAD);
        quote.tokensOut = newSupply - supply;
        quote.c = PM.coefficient(quote.reserveAfter, newSumSq);
        uint256 newSumLin = _sumLin + _weights[outcome] * quote.tokensOut;
        (quote.pAfter, quote.qAfter) = _priceArrays(outcome, newSupply, newSumLin, newSumSq);
    }

    /// @notice Quote of `sell(outcome, tokensIn, 0)` at the current state (ignores the lifecycle state).
    function quoteSell(uint256 outcome, uint256 tokensIn) public view returns (SellQuote memory quote) {
        _checkOutcome(outcome);
        uint256 supply = _supplies[outcome];
        if (tokensIn > supply) revert ExceedsSupply(tokensIn, supply);
        uint256 newSumSq;
        (quote.usdcOut, quote.ammFee, quote.protocolFee, quote.reserveAfter, newSumSq) = _sellAmounts(outcome, tokensIn);
        quote.grossRelease = reserve - quote.reserveAfter;
        quote.c = PM.coefficient(quote.reserveAfter, newSumSq);
        uint256 newSumLin = _sumLin - _weights[outcome] * tokensIn;
        (quote.pAfter, quote.qAfter) = _priceArrays(outcome, supply - tokensIn, newSumLin, newSumSq);
    }

    /// @notice Quote of `sellForExactUsdc(outcome, usdcOutNet, type(uint256).max)`: the fewest tokens paying exactly
    ///         `usdcOutNet` and the resulting sell quote. Reverts `UnreachableOutput` beyond the outcome's supply.
    function quoteSellForExactUsdc(
        uint256 outcome,
        uint256 usdcOutNet
    ) external view returns (uint256 tokensIn, SellQuote memory quote) {
        _checkOutcome(outcome);
        if (usdcOutNet == 0) revert ZeroAmount();
        tokensIn = _minTokensIn(outcome, usdcOutNet);
        quote = quoteSell(outcome, tokensIn);
    }

    /// @notice Curve coefficient c = R/N (WAD) now.
    function coefficient() external view returns (uint256) {
        return PM.coefficient(reserve, _sumSq);
    }

    function _checkOutcome(uint256 outcome) internal view {
        if (outcome >= _weights.length) revert InvalidOutcome(outcome, _weights.length);
    }

    function _splitBuy(uint256 usdcIn) internal pure returns (uint256 fee, uint256 net) {
        fee = PM.buyFee(usdcIn);
        net = usdcIn - fee;
    }

    /// @dev Sell accounting: the curve releases R - c*N' (`curve`, WAD); the seller gets its floor in atomic units less
    ///      the 2 % fee; the reserve keeps PM.reserveAfterSell(c*N'), and everything else leaves it: the AMM fee is
    ///      the seller's 1 % plus that rounding (1 or 2 atomic units), so R - R' = usdcOut + ammFee + protocolFee.
    ///      A zero-token sale, or one that would empty the curve (`newSumSq` 0), changes nothing.
    function _sellAmounts(
        uint256 outcome,
        uint256 tokensIn
    )
        internal
        view
        returns (uint256 usdcOut, uint256 ammFee, uint256 protocolFee, uint256 reserveAfter, uint256 newSumSq)
    {
        uint256 curve;
        (curve, newSumSq) = PM.sellRelease(reserve, _sumSq, _weights[outcome], _supplies[outcome], tokensIn);
        if (tokensIn == 0 || newSumSq == 0) return (0, 0, 0, reserve, newSumSq);
        uint256 grossUsdc = curve / PM.USDC_TO_WAD;
        (ammFee, protocolFee) = PM.sellFees(grossUsdc);
        usdcOut = grossUsdc - ammFee - protocolFee;
        reserveAfter = PM.reserveAfterSell(reserve - curve);
        ammFee += (reserve - reserveAfter) / PM.USDC_TO_WAD - grossUsdc;
    }

    /// @dev Net USDC (atomic) of selling `tokensIn` of `outcome`; 0 when the sale would empty the curve.
    function _sellNet(uint256 outcome, uint256 tokensIn) internal view returns (uint256) {
        (uint256 grossWad, uint256 newSumSq) = PM.sellRelease(
            reserve,
            _sumSq,
            _weights[outcome],
            _supplies[outcome],
            tokensIn
        );
        return newSumSq == 0 ? 0 : PM.netOfGross(grossWad / PM.USDC_TO_WAD);
    }

    /// @dev Minimal t with net(t) >= target: closed-form estimate, galloping to a bracket, then bisection.
    ///      net(t) is non-decreasing in t, and rises by at most 1 atomic unit per token wei, so net(t) == target.
    function _minTokensIn(uint256 outcome, uint256 target) internal view returns (uint256) {
        uint256 supply = _supplies[outcome];
        uint256 weight = _weights[outcome];
        uint256 sellable = weight * supply * supply == _sumSq && supply > 0 ? supply - 1 : supply;
        uint256 maxNet = _sellNet(outcome, sellable);
        if (maxNet < target) revert UnreachableOutput(target, maxNet);
        uint256 grossWad = PM.grossForNet(target) * PM.USDC_TO_WAD;
        uint256 guess = PM.estimateTokensForGross(reserve, _sumSq, weight, supply, grossWad);
        guess = Math.min(Math.max(guess, 1), sellable);
        uint256 lo; // invariant: net(lo) < target (net(0) == 0)
        uint256 hi; // invariant: net(hi) >= target
        uint256 step = 1;
        if (_sellNet(outcome, guess) >= target) {
            hi = guess;
            while (hi > step && _sellNet(outcome, hi - step) >= target) {
                hi -= step;
                step <<= 1;
            }
            lo = hi > step ? hi - step : 0;
        } else {
            lo = guess;
            while (lo + step < sellable && _sellNet(outcome, lo + step) < target) {
                lo += step;
                step <<= 1;
            }
            hi = Math.min(lo + step, sellable);
        }
        while (hi - lo > 1) {
            uint256 mid = lo + (hi - lo) / 2;
            if (_sellNet(outcome, mid) >= target) hi = mid;
            else lo = mid;
        }
        return hi;
    }

    /// @dev pAfter/qAfter with outcome `changed` at `newSupply`; both arrays sum to exactly 1e18.
    function _priceArrays(
        uint256 changed,
        uint256 newSupply,
        uint256 sumLin,
        uint256 sumSq
    ) internal view returns (uint256[] memory p, uint256[] memory q) {
        uint256 n = _weights.length;
        p = new uint256[](n);
        q = new uint256[](n);
        for (uint256 i; i < n; ++i) {
            uint256 weight = _weights[i];
            uint256 supply = i == changed ? newSupply : _supplies[i];
            p[i] = sumLin == 0 ? weight : Math.mulDiv(weight * supply, PM.WAD, sumLin);
            q[i] = sumSq == 0 ? weight : Math.mulDiv(weight * supply * supply, PM.WAD, sumSq);
        }
        PM.settleRemainder(p);
        PM.settleRemainder(q);
    }
}
