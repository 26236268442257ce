// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Clones} from "@openzeppelin/contracts/proxy/Clones.sol";
import {IMarket, IMarketErrors} from "./interfaces/IMarket.sol";
import {IMarketRegistry} from "./interfaces/IMarketRegistry.sol";
import {Market} from "./Market.sol";

/// @title MarketFactory
/// @notice Deploys markets as EIP-1167 clones of one Market implementation at addresses derived from the
///         off-chain market id, seeds them with USDC pulled from the creator, and is the registry SmartAccounts trust.
contract MarketFactory is Ownable, IMarketRegistry, IMarketErrors {
    using SafeERC20 for IERC20;

    /// @notice Parameters of `createMarket`.
    /// @param marketId Off-chain id (UUID as bytes32); also the CREATE2 salt.
    /// @param weights Static weights a_i, WAD, summing to 1e18; initial prices equal them.
    /// @param initialReserve Seed USDC (atomic), pulled from the caller.
    /// @param resolveTime Unix time at which trading stops.
    /// @param gracePeriod Seconds after resolveTime before anyone may cancel.
    /// @param liquidityProvider Holder of the seed tokens (zero = the caller).
    struct CreateMarketParams {
        bytes32 marketId;
        uint256[] weights;
        uint256 initialReserve;
        uint64 resolveTime;
        uint64 gracePeriod;
        address liquidityProvider;
    }

    /// @notice Settlement token of every market.
    IERC20 public immutable usdc;
    /// @notice The Market implementation every clone delegates to.
    address public immutable marketImplementation;
    /// @notice Protocol fee recipient given to new markets.
    address public treasury;
    /// @notice True for markets deployed here.
    mapping(address market => bool) public isMarket;
    /// @notice Market address by off-chain id (zero when absent).
    mapping(bytes32 marketId => address) public marketOf;
    /// @notice Number of markets created.
    uint256 public marketCount;

    /// @notice A market was deployed and seeded.
    event MarketCreated(
        address indexed market,
        bytes32 indexed marketId,
        address indexed creator,
        uint256[] weights,
        uint256 initialReserve,
        uint64 resolveTime,
        uint64 gracePeriod
    );
    /// @notice The treasury for new markets changed.
    event TreasuryUpdated(address previous, address current);

    error MarketExists(bytes32 marketId, address market);

    /// @param usdc_ Settlement token.
    /// @param treasury_ Protocol fee recipient.
    /// @param initialOwner Platform admin: the only market creator and the owner (admin) of every market.
    constructor(IERC20 usdc_, address treasury_, address initialOwner) Ownable(initialOwner) {
        if (address(usdc_) == address(0) || treasury_ == address(0)) revert ZeroAddress();
        usdc = usdc_;
        treasury = treasury_;
        marketImplementation = address(new Market());
    }

    /// @notice Deploys, funds and initialises a market owned by the caller (the factory owner).
    /// @dev The caller must have approved `initialReserve` USDC to this factory.
    function createMarket(CreateMarketParams calldata p) external onlyOwner returns (address market) {
        address existing = marketOf[p.marketId];
        if (existing != address(0)) revert MarketExists(p.marketId, existing);
        market = Clones.cloneDeterministic(marketImplementation, p.marketId);
        isMarket[market] = true;
        marketOf[p.marketId] = market;
        ++marketCount;
        usdc.safeTransferFrom(msg.sender, market, p.initialReserve);
        Market(market).initialize(
            IMarket.InitParams({
                usdc: usdc,
                owner: msg.sender,
                treasury: treasury,
                liquidityProvider: p.liquidityProvider == address(0) ? msg.sender : p.liquidityProvider,
                marketId: p.marketId,
                weights: p.weights,
                initialReserve: p.initialReserve,
                resolveTime: p.resolveTime,
                gracePeriod: p.gracePeriod
            })
        );
        emit MarketCreated(market, p.marketId, msg.sender, p.weights, p.initialReserve, p.resolveTime, p.gracePeriod);
    }

    /// @notice Address `createMarket` will use (or used) for `marketId`.
    function predictMarketAddress(bytes32 marketId) external view returns (address) {
        return Clones.predictDeterministicAddress(marketImplementation, marketId);
    }

    /// @notice Changes the treasury handed to markets created from now on.
    function setTreasury(address newTreasury) external onlyOwner {
        if (newTreasury == address(0)) revert ZeroAddress();
        emit TreasuryUpdated(treasury, newTreasury);
        treasury = newTreasury;
    }
}
