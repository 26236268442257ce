// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Clones} from "@openzeppelin/contracts/proxy/Clones.sol";
import {IMarketRegistry} from "./interfaces/IMarketRegistry.sol";
import {SmartAccount} from "./SmartAccount.sol";

/// @title SmartAccountFactory
/// @notice One SmartAccount per user at a deterministic CREATE2 address: salt = the user id (bytes32), so
///         `predictAddress(userId)` is known before deployment. Only the platform (the owner) deploys, which keeps
///         anyone from squatting a user's address with another owner.
contract SmartAccountFactory is Ownable {
    /// @notice The SmartAccount implementation every clone delegates to.
    address public immutable accountImplementation;
    /// @notice The trusted market registry handed to every account.
    IMarketRegistry public immutable marketFactory;
    /// @notice Settlement token handed to every account.
    IERC20 public immutable usdc;
    /// @notice Operator (the platform executor) given to new accounts.
    address public operator;
    /// @notice Account by user id (zero when not deployed).
    mapping(bytes32 userId => address) public accountOf;

    /// @notice A user's account was deployed.
    event AccountCreated(bytes32 indexed userId, address indexed account, address indexed owner, address operator);
    /// @notice The operator for new accounts changed.
    event DefaultOperatorUpdated(address previous, address current);

    error ZeroAddress();
    error AccountExists(bytes32 userId, address account);

    /// @param usdc_ Settlement token.
    /// @param marketFactory_ The trusted MarketFactory.
    /// @param operator_ The platform executor.
    /// @param initialOwner Platform admin allowed to create accounts.
    constructor(
        IERC20 usdc_,
        IMarketRegistry marketFactory_,
        address operator_,
        address initialOwner
    ) Ownable(initialOwner) {
        if (address(usdc_) == address(0) || address(marketFactory_) == address(0)) revert ZeroAddress();
        usdc = usdc_;
        marketFactory = marketFactory_;
        operator = operator_;
        accountImplementation = address(new SmartAccount());
    }

    /// @notice Deploys the account of `userId`, owned by `accountOwner`, with the current operator.
    function createAccount(bytes32 userId, address accountOwner) external onlyOwner returns (address account) {
        address existing = accountOf[userId];
        if (existing != address(0)) revert AccountExists(userId, existing);
        account = Clones.cloneDeterministic(accountImplementation, userId);
        accountOf[userId] = account;
        SmartAccount(account).initialize(accountOwner, operator, marketFactory, usdc);
        emit AccountCreated(userId, account, accountOwner, operator);
    }

    /// @notice The address of `userId`'s account, deployed or not.
    function predictAddress(bytes32 userId) external view returns (address) {
        return Clones.predictDeterministicAddress(accountImplementation, userId);
    }

    /// @notice Changes the operator given to accounts created from now on (existing accounts keep theirs).
    function setOperator(address newOperator) external onlyOwner {
        emit DefaultOperatorUpdated(operator, newOperator);
        operator = newOperator;
    }
}
