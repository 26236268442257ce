// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @title TestUSDC
/// @notice A 6-decimal stand-in for USDC on test networks. Only the owner mints; every mint is an ERC-20 `Transfer`
///         from the zero address. Never deploy it to a network that holds real value.
contract TestUSDC is ERC20, Ownable {
    /// @param initialOwner The account allowed to mint (the platform's admin key on a test network).
    constructor(address initialOwner) ERC20("Test USD Coin", "USDC") Ownable(initialOwner) {}

    /// @notice USDC uses 6 decimals: 1_000_000 atomic units are one dollar.
    function decimals() public pure override returns (uint8) {
        return 6;
    }

    /// @notice Creates `amount` atomic units for `to`.
    /// @dev Reverts with `OwnableUnauthorizedAccount` for any caller but the owner.
    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }
}
