// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";

/// @title IMarketErrors
/// @notice Custom errors of a Foretell market. Callers that relay market calls (MarketFactory, SmartAccount)
///         inherit this so the errors bubbling up through them decode with their own ABI.
interface IMarketErrors {
    /// @notice Lifecycle: Open -> Frozen (and back) -> Resolved | Cancelled. Resolved and Cancelled are final.
    enum State {
        Open,
        Frozen,
        Resolved,
        Cancelled
    }

    /// @notice The outcome index is not below outcomeCount.
    error InvalidOutcome(uint256 outcome, uint256 outcomeCount);
    /// @notice A market needs 2..100 outcomes.
    error InvalidOutcomeCount(uint256 count);
    /// @notice Weights must each be at least MIN_WEIGHT and sum to exactly 1e18.
    error InvalidWeights();
    /// @notice A required address is zero.
    error ZeroAddress();
    /// @notice The seed reserve is below MIN_INITIAL_RESERVE.
    error ReserveTooSmall(uint256 initialReserve);
    /// @notice The seed supply would exceed the 2^96 supply cap.
    error ReserveTooLarge(uint256 initialReserve);
    /// @notice The factory did not transfer the seed reserve before initialising.
    error ReserveNotFunded(uint256 balance, uint256 initialReserve);
    /// @notice resolveTime must lie in the future.
    error InvalidResolveTime(uint64 resolveTime);
    /// @notice A trade amount of zero.
    error ZeroAmount();
    /// @notice A buy above 2^128 atomic units.
    error AmountTooLarge(uint256 amount);
    /// @notice The trade would mint no tokens or pay no USDC.
    error ZeroOutput();
    /// @notice The trade misses the caller's guard (minTokensOut, minUsdcOut or maxTokensIn).
    error SlippageExceeded(uint256 actual, uint256 limit);
    /// @notice The caller holds fewer outcome tokens than the trade needs.
    error InsufficientBalance(uint256 balance, uint256 needed);
    /// @notice A sell quote for more tokens than exist.
    error ExceedsSupply(uint256 tokensIn, uint256 supply);
    /// @notice The sale would empty the curve (every supply zero).
    error InsufficientLiquidity();
    /// @notice The buy would push a supply past 2^96.
    error SupplyCapExceeded();
    /// @notice Selling the outcome's whole supply cannot pay the requested net USDC.
    error UnreachableOutput(uint256 requested, uint256 maximum);
    /// @notice Trading needs the Open state.
    error MarketNotOpen(State state);
    /// @notice Trading stops at resolveTime.
    error TradingClosed(uint64 resolveTime);
    /// @notice The lifecycle does not allow this transition.
    error InvalidStateTransition(State from, State to);
    /// @notice Winners must be a non-empty, strictly increasing list of valid outcomes.
    error InvalidWinners();
    /// @notice No tokens of the winning outcomes exist; cancel instead.
    error NoWinningSupply();
    /// @notice Only the owner may cancel before resolveTime + gracePeriod.
    error CancelNotAllowed(uint256 allowedFrom);
    /// @notice Redemption needs a resolved or cancelled market.
    error NotSettled(State state);
    /// @notice Tokens of a losing outcome redeem nothing.
    error NotWinningOutcome(uint256 outcome);
    /// @notice The caller holds no tokens of this outcome.
    error NothingToRedeem();
}

/// @title IMarket
/// @notice Types, events and the trading surface of a Foretell market (errors in IMarketErrors).
/// @dev Units: USDC amounts are atomic-6; outcome tokens, the reserve, `c`, prices and shares are WAD-18.
interface IMarket is IMarketErrors {
    /// @notice Everything a market clone needs at birth; supplied by the MarketFactory in the creating transaction.
    struct InitParams {
        IERC20 usdc;
        address owner;
        address treasury;
        address liquidityProvider;
        bytes32 marketId;
        uint256[] weights;
        uint256 initialReserve;
        uint64 resolveTime;
        uint64 gracePeriod;
    }

    /// @notice Result of `quoteBuy`.
    /// @param tokensOut Outcome tokens the buyer receives (WAD).
    /// @param fee Protocol fee sent to the treasury (USDC atomic).
    /// @param reserveAfter Reserve after the trade (WAD).
    /// @param c Curve coefficient R/N after the trade (WAD).
    /// @param pAfter Normalised marginal prices a_i*s_i / sum(a_j*s_j), summing to exactly 1e18.
    /// @param qAfter Capital shares a_i*s_i^2 / A, summing to exactly 1e18.
    struct BuyQuote {
        uint256 tokensOut;
        uint256 fee;
        uint256 reserveAfter;
        uint256 c;
        uint256[] pAfter;
        uint256[] qAfter;
    }

    /// @notice Result of `quoteSell`.
    /// @param usdcOut USDC the seller receives, net of both fees (atomic).
    /// @param grossRelease Everything the sale takes from the reserve, R - R' (WAD): usdcOut + ammFee + protocolFee.
    /// @param ammFee AMM fee sent to the treasury (atomic): 1 % of the curve's release R - c*N' plus the reserve's
    ///        rounding (1 or 2 units); nothing stays in the reserve.
    /// @param protocolFee Protocol fee sent to the treasury (atomic).
    /// @param reserveAfter Reserve after the trade (WAD): c*N' rounded down to atomic units, less one unit.
    /// @param c Curve coefficient R/N after the trade (WAD); strictly below c before (see README).
    /// @param pAfter Normalised marginal prices, summing to exactly 1e18.
    /// @param qAfter Capital shares, summing to exactly 1e18.
    struct SellQuote {
        uint256 usdcOut;
        uint256 grossRelease;
        uint256 ammFee;
        uint256 protocolFee;
        uint256 reserveAfter;
        uint256 c;
        uint256[] pAfter;
        uint256[] qAfter;
    }

    /// @notice A market clone was initialised and seeded: every outcome starts with `seedSupply` tokens held by
    ///         `liquidityProvider`, so initial prices equal the weights and c = 1e18.
    event MarketInitialized(
        bytes32 indexed marketId,
        address indexed owner,
        address indexed liquidityProvider,
        uint256[] weights,
        uint256 initialReserve,
        uint256 seedSupply,
        uint64 resolveTime,
        uint64 gracePeriod
    );
    /// @notice `account` paid `usdcIn` (fee included) for `tokensOut` tokens of `outcome`.
    /// @param priceAfter floor(a_i*s_i*1e18 / sum(a_j*s_j)) of the traded outcome after the trade.
    event Bought(
        address indexed account,
        uint256 indexed outcome,
        uint256 usdcIn,
        uint256 fee,
        uint256 tokensOut,
        uint256 reserveAfter,
        uint256 priceAfter
    );
    /// @notice `account` sold `tokensIn` tokens of `outcome` and received `usdcOut` (net of both fees).
    event Sold(
        address indexed account,
        uint256 indexed outcome,
        uint256 tokensIn,
        uint256 usdcOut,
        uint256 ammFee,
        uint256 protocolFee,
        uint256 reserveAfter,
        uint256 priceAfter
    );
    /// @notice `account` redeemed its whole balance of `outcome` for `usdcOut` (no fee).
    event Redeemed(address indexed account, uint256 indexed outcome, uint256 tokensIn, uint256 usdcOut);
    /// @notice The lifecycle state moved.
    event StateChanged(State previous, State current);
    /// @notice The market resolved; each winning token redeems finalReserve / winningSupply.
    event MarketResolved(uint256[] winners, uint256 finalReserve, uint256 winningSupply);
    /// @notice The market was cancelled; `refundPrices[i]` is the WAD USDC refunded per WAD token of outcome i.
    event MarketCancelled(address indexed by, uint256 finalReserve, uint256[] refundPrices);
    /// @notice The protocol fee recipient changed.
    event TreasuryUpdated(address previous, address current);


    /// @notice Buys `outcome` with `usdcIn` atomic USDC pulled from the caller; reverts below `minTokensOut`.
    function buy(uint256 outcome, uint256 usdcIn, uint256 minTokensOut) external returns (uint256 tokensOut);

    /// @notice Sells `tokensIn` of `outcome`; reverts if the net USDC is below `minUsdcOut`.
    function sell(uint256 outcome, uint256 tokensIn, uint256 minUsdcOut) external returns (uint256 usdcOut);

    /// @notice Sells the fewest tokens that pay exactly `usdcOutNet`; reverts if that needs more than `maxTokensIn`.
    function sellForExactUsdc(
        uint256 outcome,
        uint256 usdcOutNet,
        uint256 maxTokensIn
    ) external returns (uint256 tokensIn);

    /// @notice Redeems the caller's whole balance of `outcome` after resolution or cancellation.
    function redeem(uint256 outcome) external returns (uint256 tokensIn, uint256 usdcOut);
}
