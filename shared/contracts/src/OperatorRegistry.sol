// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @title OperatorRegistry
/// @notice The operator of every smart account: a pool of executor signer keys acts through it. A registered signer
///         forwards one smart-account call at a time, before the call's deadline; the account sees this registry as
///         `msg.sender`, so its operator check and once-only trade id apply unchanged. Adding a signer, or revoking
///         a compromised one for every account at once, is one transaction of the platform admin (the owner).
/// @dev Holds no funds and no state but the signer set. A forwarded call's return data and revert data pass
///      through unchanged, so callers decode them with the smart account's ABI. A call mined after its deadline is
///      refused (`DeadlinePassed`) before it reaches the account: once the chain's time is past a trade's deadline
///      and its id is unused, that trade can never execute.
contract OperatorRegistry is Ownable {
    /// @notice Signers allowed to forward calls.
    mapping(address signer => bool) public isSigner;

    /// @notice `signer` may forward calls from now on.
    event SignerAdded(address indexed signer);
    /// @notice `signer` may no longer forward calls.
    event SignerRevoked(address indexed signer);

    error NotSigner(address caller);
    error DeadlinePassed(uint256 deadline, uint256 timestamp);
    error ForbiddenTarget(address target);
    error ZeroAddress();

    /// @param initialOwner The platform admin.
    /// @param signers The executor signer keys registered at deployment.
    constructor(address initialOwner, address[] memory signers) Ownable(initialOwner) {
        for (uint256 i = 0; i < signers.length; ++i) _add(signers[i]);
    }

    /// @notice Registers `signer` (no-op when it already is).
    function addSigner(address signer) external onlyOwner {
        _add(signer);
    }

    /// @notice Revokes `signer` for every account at once (no-op when it is not registered).
    function revokeSigner(address signer) external onlyOwner {
        if (!isSigner[signer]) return;
        isSigner[signer] = false;
        emit SignerRevoked(signer);
    }

    /// @notice Calls `account` with `data` as its operator, unless `deadline` (Unix seconds) has passed. Returns the
    ///         account's return data unchanged, and reverts with its revert data unchanged.
    function forward(address account, uint256 deadline, bytes calldata data) external {
        if (!isSigner[msg.sender]) revert NotSigner(msg.sender);
        if (block.timestamp > deadline) revert DeadlinePassed(deadline, block.timestamp);
        if (account == address(this)) revert ForbiddenTarget(account);
        (bool success, bytes memory returnData) = account.call(data);
        assembly ("memory-safe") {
            if iszero(success) {
                revert(add(returnData, 32), mload(returnData))
            }
            return(add(returnData, 32), mload(returnData))
        }
    }

    function _add(address signer) private {
        if (signer == address(0)) revert ZeroAddress();
        if (isSigner[signer]) return;
        isSigner[signer] = true;
        emit SignerAdded(signer);
    }
}
