// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Initializable} from "@openzeppelin/contracts/proxy/utils/Initializable.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {PythagoreanMath as PM} from "./lib/PythagoreanMath.sol";
import {MarketViews} from "./MarketViews.sol";
import {IMarket} from "./interfaces/IMarket.sol";

/// @title Market
/// @notice A multi-outcome prediction market on the weighted Pythagorean AMM (reserve R, supplies s_i, weights a_i,
///         A = sum(a_i*s_i^2), N = sqrt(A), c = R/N). Outcome tokens are internal balances; all trades act for
///         msg.sender (a user's SmartAccount). Deployed as an EIP-1167 clone by the MarketFactory.
/// @dev How c moves: a buy keeps c (rounding can only raise it by a few wei-relative); a sell releases
///      R - c*N' before fees and nothing of it stays: both fees and the rounding go to the treasury and the reserve
///      keeps c*N' rounded down to whole atomic units less one, so c falls on every sell. See
///      shared/contracts/README.md and docs/decisions/0007.
contract Market is MarketViews, Ownable, Initializable, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

    /// @notice Hard cap on the number of outcomes (the platform uses 2..8).
    uint256 public constant MAX_OUTCOMES = 100;
    /// @notice Smallest weight (0.01 %).
    uint256 public constant MIN_WEIGHT = 1e14;
    /// @notice Smallest seed reserve: 1 USDC.
    uint256 public constant MIN_INITIAL_RESERVE = 1e6;

    /// @dev The implementation is never used directly; clones are initialised by the factory.
    constructor() Ownable(msg.sender) {
        _disableInitializers();
    }

    /// @notice Seeds the market: every outcome gets seedSupply = initialReserve (WAD) tokens, all held by the
    ///         liquidity provider, so initial prices and shares equal the weights and c = 1e18.
    /// @dev The factory transfers `initialReserve` USDC to this clone before calling.
    function initialize(InitParams calldata p) external initializer {
        if (
            address(p.usdc) == address(0) ||
            p.owner == address(0) ||
            p.treasury == address(0) ||
            p.liquidityProvider == address(0)
        ) revert ZeroAddress();
        uint256 n = p.weights.length;
        if (n < 2 || n > MAX_OUTCOMES) revert InvalidOutcomeCount(n);
        if (p.initialReserve < MIN_INITIAL_RESERVE) revert ReserveTooSmall(p.initialReserve);
        uint256 seed = p.initialReserve * PM.USDC_TO_WAD;
        if (seed > PM.MAX_SUPPLY) revert ReserveTooLarge(p.initialReserve);
        if (p.resolveTime <= block.timestamp) revert InvalidResolveTime(p.resolveTime);
        uint256 funded = p.usdc.balanceOf(address(this));
        if (funded < p.initialReserve) revert ReserveNotFunded(funded, p.initialReserve);

        uint256 weightSum;
        for (uint256 i; i < n; ++i) {
            uint256 weight = p.weights[i];
            if (weight < MIN_WEIGHT) revert InvalidWeights();
            weightSum += weight;
            _weights.push(weight);
            _supplies.push(seed);
            balanceOf[p.liquidityProvider][i] = seed;
        }
        if (weightSum != PM.WAD) revert InvalidWeights();

        _transferOwnership(p.owner);
        usdc = p.usdc;
        treasury = p.treasury;
        marketId = p.marketId;
        resolveTime = p.resolveTime;
        gracePeriod = p.gracePeriod;
        reserve = seed;
        _sumSq = seed * seed * PM.WAD;
        _sumLin = seed * PM.WAD;
        emit MarketInitialized(
            p.marketId,
            p.owner,
            p.liquidityProvider,
            p.weights,
            p.initialReserve,
            seed,
            p.resolveTime,
            p.gracePeriod
        );
    }

    /// @inheritdoc IMarket
    function buy(uint256 outcome, uint256 usdcIn, uint256 minTokensOut) external nonReentrant returns (uint256 tokensOut) {
        _requireTrading();
        _checkOutcome(outcome);
        if (usdcIn == 0) revert ZeroAmount();
        if (usdcIn > type(uint128).max) revert AmountTooLarge(usdcIn);
        (uint256 fee, uint256 net) = _splitBuy(usdcIn);
        uint256 supply = _supplies[outcome];
        uint256 weight = _weights[outcome];
        (uint256 newSupply, uint256 newSumSq) = PM.buySupply(reserve, _sumSq, weight, supply, net * PM.USDC_TO_WAD);
        tokensOut = newSupply - supply;
        if (tokensOut == 0) revert ZeroOutput();
        if (tokensOut < minTokensOut) revert SlippageExceeded(tokensOut, minTokensOut);

        _supplies[outcome] = newSupply;
        _sumSq = newSumSq;
        _sumLin += weight * tokensOut;
        reserve += net * PM.USDC_TO_WAD;
        balanceOf[msg.sender][outcome] += tokensOut;

        usdc.safeTransferFrom(msg.sender, address(this), usdcIn);
        if (fee > 0) usdc.safeTransfer(treasury, fee);
        emit Bought(msg.sender, outcome, usdcIn, fee, tokensOut, reserve, _priceOf(outcome));
    }

    /// @inheritdoc IMarket
    function sell(uint256 outcome, uint256 tokensIn, uint256 minUsdcOut) external nonReentrant returns (uint256 usdcOut) {
        _requireTrading();
        _checkOutcome(outcome);
        if (tokensIn == 0) revert ZeroAmount();
        uint256 balance = balanceOf[msg.sender][outcome];
        if (balance < tokensIn) revert InsufficientBalance(balance, tokensIn);
        usdcOut = _executeSell(outcome, tokensIn, minUsdcOut);
    }

    /// @inheritdoc IMarket
    /// @dev The net paid equals `usdcOutNet` exactly: net(t) steps by at most one atomic unit per token wei.
    function sellForExactUsdc(
        uint256 outcome,
        uint256 usdcOutNet,
        uint256 maxTokensIn
    ) external nonReentrant returns (uint256 tokensIn) {
        _requireTrading();
        _checkOutcome(outcome);
        if (usdcOutNet == 0) revert ZeroAmount();
        tokensIn = _minTokensIn(outcome, usdcOutNet);
        uint256 balance = balanceOf[msg.sender][outcome];
        if (balance < tokensIn) revert InsufficientBalance(balance, tokensIn);
        if (tokensIn > maxTokensIn) revert SlippageExceeded(tokensIn, maxTokensIn);
        _executeSell(outcome, tokensIn, usdcOutNet);
    }

    /// @inheritdoc IMarket
    /// @dev Resolved: finalReserve * tokens / winningSupply. Cancelled: tokens * R*a_i*s_i/A (the snapshot price).
    ///      Both floor to atomic USDC, so the payouts never exceed the reserve. No fee.
    function redeem(uint256 outcome) external nonReentrant returns (uint256 tokensIn, uint256 usdcOut) {
        _checkOutcome(outcome);
        if (state != State.Resolved && state != State.Cancelled) revert NotSettled(state);
        if (state == State.Resolved && !_isWinner[outcome]) revert NotWinningOutcome(outcome);
        tokensIn = balanceOf[msg.sender][outcome];
        if (tokensIn == 0) revert NothingToRedeem();
        usdcOut = redeemable(msg.sender, outcome);
        balanceOf[msg.sender][outcome] = 0;
        reserve -= usdcOut * PM.USDC_TO_WAD;
        if (usdcOut > 0) usdc.safeTransfer(msg.sender, usdcOut);
        emit Redeemed(msg.sender, outcome, tokensIn, usdcOut);
    }

    /// @notice Halts trading (Open -> Frozen).
    function freeze() external onlyOwner {
        if (state != State.Open) revert InvalidStateTransition(state, State.Frozen);
        _setState(State.Frozen);
    }

    /// @notice Resumes trading (Frozen -> Open).
    function unfreeze() external onlyOwner {
        if (state != State.Frozen) revert InvalidStateTransition(state, State.Open);
        _setState(State.Open);
    }

    /// @notice Resolves to one or more winners (strictly increasing indices); winning tokens share the reserve.
    function resolve(uint256[] calldata winningOutcomes) external onlyOwner {
        if (state != State.Open && state != State.Frozen) revert InvalidStateTransition(state, State.Resolved);
        uint256 n = winningOutcomes.length;
        if (n == 0) revert InvalidWinners();
        uint256 total;
        for (uint256 i; i < n; ++i) {
            uint256 outcome = winningOutcomes[i];
            if (outcome >= _weights.length || (i > 0 && outcome <= winningOutcomes[i - 1])) revert InvalidWinners();
            total += _supplies[outcome];
            _isWinner[outcome] = true;
            _winners.push(outcome);
        }
        if (total == 0) revert NoWinningSupply();
        winningSupply = total;
        finalReserve = reserve;
        _setState(State.Resolved);
        emit MarketResolved(winningOutcomes, reserve, total);
    }

    /// @notice Cancels with a price snapshot. The owner may cancel at any time before settlement; anyone may once
    ///         resolveTime + gracePeriod has passed without a resolution.
    function cancel() external {
        if (state != State.Open && state != State.Frozen) revert InvalidStateTransition(state, State.Cancelled);
        if (msg.sender != owner()) {
            uint256 allowedFrom = uint256(resolveTime) + gracePeriod;
            if (block.timestamp < allowedFrom) revert CancelNotAllowed(allowedFrom);
        }
        finalReserve = reserve;
        _setState(State.Cancelled);
        (, uint256[] memory prices) = snapshot();
        emit MarketCancelled(msg.sender, reserve, prices);
    }

    /// @notice Changes the protocol fee recipient.
    function setTreasury(address newTreasury) external onlyOwner {
        if (newTreasury == address(0)) revert ZeroAddress();
        emit TreasuryUpdated(treasury, newTreasury);
        treasury = newTreasury;
    }

    /// @dev Applies a sell of `tokensIn` (balance already checked), pays the net to the seller and both fees to the
    ///      treasury.
    function _executeSell(uint256 outcome, uint256 tokensIn, uint256 minUsdcOut) private returns (uint256 usdcOut) {
        (uint256 out, uint256 ammFee, uint256 protocolFee, uint256 reserveAfter, uint256 newSumSq) = _sellAmounts(
            outcome,
            tokensIn
        );
        if (newSumSq == 0) revert InsufficientLiquidity();
        usdcOut = out;
        if (usdcOut == 0) revert ZeroOutput();
        if (usdcOut < minUsdcOut) revert SlippageExceeded(usdcOut, minUsdcOut);

        _supplies[outcome] -= tokensIn;
        _sumSq = newSumSq;
        _sumLin -= _weights[outcome] * tokensIn;
        reserve = reserveAfter;
        balanceOf[msg.sender][outcome] -= tokensIn;

        usdc.safeTransfer(msg.sender, usdcOut);
        usdc.safeTransfer(treasury, ammFee + protocolFee);
        emit Sold(msg.sender, outcome, tokensIn, usdcOut, ammFee, protocolFee, reserve, _priceOf(outcome));
    }

    function _requireTrading() private view {
        if (state != State.Open) revert MarketNotOpen(state);
        if (block.timestamp >= resolveTime) revert TradingClosed(resolveTime);
    }

    function _priceOf(uint256 outcome) private view returns (uint256) {
        return Math.mulDiv(_weights[outcome] * _supplies[outcome], PM.WAD, _sumLin);
    }

    function _setState(State next) private {
        emit StateChanged(state, next);
        state = next;
    }
}
