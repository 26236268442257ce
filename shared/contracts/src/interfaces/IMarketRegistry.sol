// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title IMarketRegistry
/// @notice What a SmartAccount asks the trusted MarketFactory before letting the operator touch a market.
interface IMarketRegistry {
    /// @notice True only for markets deployed by this factory.
    function isMarket(address market) external view returns (bool);
}
