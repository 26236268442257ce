// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title BatchExecutor
/// @notice Code the platform executor's own address delegates to with EIP-7702, so that one transaction runs several
///         smart-account calls with per-call failure isolation: a call that reverts is reported (`CallFailed`, its
///         revert data) and the others still run. The calls keep the executor as `msg.sender`, so every account's
///         operator check and once-only trade id apply unchanged.
/// @dev Only the delegating account itself may call `executeBatch` (a transaction it sends to itself, or an eth_call
///      from it): delegating gives no one else any power. Stateless, so it cannot collide with anything the account
///      holds. Deployed once per chain at a deterministic CREATE2 address.
contract BatchExecutor {
    /// @notice One call of a batch.
    struct Call {
        address target;
        bytes data;
    }

    /// @notice What one call did: whether it succeeded, the gas it used, its return (or revert) data.
    struct Result {
        bool success;
        uint256 gasUsed;
        bytes returnData;
    }

    /// @notice The call at `index` of the batch reverted with `revertData`; the batch went on.
    event CallFailed(uint256 indexed index, bytes revertData);

    error NotSelf(address caller);

    /// @notice Runs `calls` in order, each isolated from the others' failures.
    function executeBatch(Call[] calldata calls) external returns (Result[] memory results) {
        if (msg.sender != address(this)) revert NotSelf(msg.sender);
        results = new Result[](calls.length);
        for (uint256 i = 0; i < calls.length; ++i) {
            uint256 gasBefore = gasleft();
            (bool success, bytes memory returnData) = calls[i].target.call(calls[i].data);
            results[i] = Result(success, gasBefore - gasleft(), returnData);
            if (!success) emit CallFailed(i, returnData);
        }
    }
}
