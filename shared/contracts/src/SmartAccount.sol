// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Initializable} from "@openzeppelin/contracts/proxy/utils/Initializable.sol";
import {IMarket, IMarketErrors} from "./interfaces/IMarket.sol";
import {IMarketRegistry} from "./interfaces/IMarketRegistry.sol";

/// @title SmartAccount
/// @notice A user's on-chain account. The owner (the user) controls it fully. The platform's executor is an
///         operator that may only buy, sell, sell for exact USDC and redeem on markets of the trusted MarketFactory,
///         for this account, approving exactly the USDC a buy needs. Every such call carries a trade id that can
///         execute once only, so a redelivered job can never trade twice.
/// @dev Deployed as an EIP-1167 clone by SmartAccountFactory at a CREATE2 address derived from the user id.
contract SmartAccount is Initializable, IMarketErrors {
    using SafeERC20 for IERC20;

    /// @notice Kind of a guarded market call.
    enum Action {
        Buy,
        Sell,
        SellForExactUsdc,
        Redeem
    }

    /// @notice The user; may do everything, including revoking the operator and withdrawing.
    address public owner;
    /// @notice The platform executor (zero when revoked).
    address public operator;
    /// @notice Registry of trusted markets.
    IMarketRegistry public marketFactory;
    /// @notice Settlement token.
    IERC20 public usdc;
    /// @notice Trade ids already executed.
    mapping(bytes32 tradeId => bool) public tradeIdUsed;

    /// @notice Ownership moved.
    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);
    /// @notice The operator changed (newOperator zero = revoked).
    event OperatorUpdated(address indexed previousOperator, address indexed newOperator);
    /// @notice A guarded market call ran. Amounts: Buy usdcIn/tokensOut, Sell and SellForExactUsdc tokensIn/usdcOut,
    ///         Redeem tokensIn/usdcOut.
    event TradeExecuted(
        bytes32 indexed tradeId,
        address indexed market,
        Action action,
        uint256 outcome,
        uint256 amountIn,
        uint256 amountOut
    );
    /// @notice The owner withdrew tokens.
    event Withdrawn(address indexed token, address indexed to, uint256 amount);

    error NotOwner(address caller);
    error NotAuthorized(address caller);
    error UnknownMarket(address market);
    error TradeIdAlreadyUsed(bytes32 tradeId);
    error InvalidTradeId();

    modifier onlyOwner() {
        if (msg.sender != owner) revert NotOwner(msg.sender);
        _;
    }

    /// @dev Owner or operator, on a trusted market, with a fresh trade id (consumed before any external call).
    modifier guarded(bytes32 tradeId, address market) {
        if (msg.sender != owner && (msg.sender != operator || operator == address(0))) {
            revert NotAuthorized(msg.sender);
        }
        if (!marketFactory.isMarket(market)) revert UnknownMarket(market);
        if (tradeId == bytes32(0)) revert InvalidTradeId();
        if (tradeIdUsed[tradeId]) revert TradeIdAlreadyUsed(tradeId);
        tradeIdUsed[tradeId] = true;
        _;
    }

    constructor() {
        _disableInitializers();
    }

    /// @notice Called once by the factory in the deploying transaction.
    function initialize(
        address owner_,
        address operator_,
        IMarketRegistry marketFactory_,
        IERC20 usdc_
    ) external initializer {
        if (owner_ == address(0) || address(marketFactory_) == address(0) || address(usdc_) == address(0)) {
            revert ZeroAddress();
        }
        owner = owner_;
        marketFactory = marketFactory_;
        usdc = usdc_;
        emit OwnershipTransferred(address(0), owner_);
        if (operator_ != address(0)) {
            operator = operator_;
            emit OperatorUpdated(address(0), operator_);
        }
    }

    /// @notice Buys `outcome` for `usdcIn` atomic USDC; the market gets an allowance of exactly `usdcIn`.
    function buy(
        bytes32 tradeId,
        address market,
        uint256 outcome,
        uint256 usdcIn,
        uint256 minTokensOut
    ) external guarded(tradeId, market) returns (uint256 tokensOut) {
        usdc.forceApprove(market, usdcIn);
        tokensOut = IMarket(market).buy(outcome, usdcIn, minTokensOut);
        emit TradeExecuted(tradeId, market, Action.Buy, outcome, usdcIn, tokensOut);
    }

    /// @notice Sells `tokensIn` of `outcome`, requiring at least `minUsdcOut` net.
    function sell(
        bytes32 tradeId,
        address market,
        uint256 outcome,
        uint256 tokensIn,
        uint256 minUsdcOut
    ) external guarded(tradeId, market) returns (uint256 usdcOut) {
        usdcOut = IMarket(market).sell(outcome, tokensIn, minUsdcOut);
        emit TradeExecuted(tradeId, market, Action.Sell, outcome, tokensIn, usdcOut);
    }

    /// @notice Sells the fewest tokens that pay exactly `usdcOutNet`, spending at most `maxTokensIn`.
    function sellForExactUsdc(
        bytes32 tradeId,
        address market,
        uint256 outcome,
        uint256 usdcOutNet,
        uint256 maxTokensIn
    ) external guarded(tradeId, market) returns (uint256 tokensIn) {
        tokensIn = IMarket(market).sellForExactUsdc(outcome, usdcOutNet, maxTokensIn);
        emit TradeExecuted(tradeId, market, Action.SellForExactUsdc, outcome, tokensIn, usdcOutNet);
    }

    /// @notice Redeems this account's whole balance of `outcome` on a settled market.
    function redeem(
        bytes32 tradeId,
        address market,
        uint256 outcome
    ) external guarded(tradeId, market) returns (uint256 usdcOut) {
        uint256 tokensIn;
        (tokensIn, usdcOut) = IMarket(market).redeem(outcome);
        emit TradeExecuted(tradeId, market, Action.Redeem, outcome, tokensIn, usdcOut);
    }

    /// @notice Sets (or, with zero, revokes) the operator.
    function setOperator(address newOperator) external onlyOwner {
        emit OperatorUpdated(operator, newOperator);
        operator = newOperator;
    }

    /// @notice Revokes the operator.
    function revokeOperator() external onlyOwner {
        emit OperatorUpdated(operator, address(0));
        operator = address(0);
    }

    /// @notice Hands the account to a new owner.
    function transferOwnership(address newOwner) external onlyOwner {
        if (newOwner == address(0)) revert ZeroAddress();
        emit OwnershipTransferred(owner, newOwner);
        owner = newOwner;
    }

    /// @notice Sends `amount` of `token` to `to`. Owner only: the operator can never move funds out.
    function withdraw(IERC20 token, address to, uint256 amount) external onlyOwner {
        if (to == address(0)) revert ZeroAddress();
        token.safeTransfer(to, amount);
        emit Withdrawn(address(token), to, amount);
    }
}
