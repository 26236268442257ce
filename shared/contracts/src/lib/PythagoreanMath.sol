// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {IMarketErrors} from "../interfaces/IMarket.sol";

/// @title PythagoreanMath
/// @notice Fixed-point math of the weighted Pythagorean AMM (DESIGN §5).
/// @dev Units and scales:
///      - reserve R: WAD (USDC atomic x 1e12), always a multiple of 1e12 in the market;
///      - supplies s_i: WAD tokens, at most MAX_SUPPLY (2^96);
///      - weights a_i: WAD, summing to 1e18;
///      - sumSq = A_raw = sum(a_i * s_i^2), kept as an exact integer (scale 1e54, i.e. A_wad * 1e18);
///      - norm = sqrt(A_raw) (scale 1e27), so c_wad = R * 1e27 / sqrt(A_raw).
///      Every rounding goes against the trader: buys round tokens down; sells round the kept reserve up.
library PythagoreanMath {
    uint256 internal constant WAD = 1e18;
    uint256 internal constant USDC_TO_WAD = 1e12;
    uint256 internal constant BPS = 10_000;
    uint256 internal constant BUY_FEE_BPS = 100;
    uint256 internal constant SELL_AMM_FEE_BPS = 100;
    uint256 internal constant SELL_PROTOCOL_FEE_BPS = 100;
    uint256 internal constant MAX_SUPPLY = 2 ** 96;
    uint256 internal constant MAX_NORM = 2 ** 126;

    /// @notice Curve coefficient c = R / N in WAD (0 for an empty curve).
    function coefficient(uint256 reserve, uint256 sumSq) internal pure returns (uint256) {
        return sumSq == 0 ? 0 : Math.mulDiv(reserve, 1e27, Math.sqrt(sumSq));
    }

    /// @notice Protocol fee of a buy, rounded up (atomic USDC).
    function buyFee(uint256 usdcIn) internal pure returns (uint256) {
        return Math.ceilDiv(usdcIn * BUY_FEE_BPS, BPS);
    }

    /// @notice Splits the 2 % sell fee, rounded up as a whole so that net(gross) is monotonic.
    /// @return ammFee The AMM fee (gets the odd unit); it leaves the reserve for the treasury.
    /// @return protocolFee The protocol fee, to the treasury.
    function sellFees(uint256 grossUsdc) internal pure returns (uint256 ammFee, uint256 protocolFee) {
        uint256 total = Math.ceilDiv(grossUsdc * (SELL_AMM_FEE_BPS + SELL_PROTOCOL_FEE_BPS), BPS);
        protocolFee = (total * SELL_PROTOCOL_FEE_BPS) / (SELL_AMM_FEE_BPS + SELL_PROTOCOL_FEE_BPS);
        ammFee = total - protocolFee;
    }

    /// @notice Net USDC of a sell whose release floors to `grossUsdc` atomic units.
    function netOfGross(uint256 grossUsdc) internal pure returns (uint256) {
        (uint256 ammFee, uint256 protocolFee) = sellFees(grossUsdc);
        return grossUsdc - ammFee - protocolFee;
    }

    /// @notice Smallest gross (atomic) whose net is at least `netUsdc`.
    function grossForNet(uint256 netUsdc) internal pure returns (uint256 grossUsdc) {
        uint256 feeBps = SELL_AMM_FEE_BPS + SELL_PROTOCOL_FEE_BPS;
        grossUsdc = Math.ceilDiv(netUsdc * BPS, BPS - feeBps);
        while (grossUsdc > 0 && netOfGross(grossUsdc - 1) >= netUsdc) grossUsdc--;
        while (netOfGross(grossUsdc) < netUsdc) grossUsdc++;
    }

    /// @notice Buy: R' = R + net, keep c, N' = R'/c = N * R'/R, solve s_i' from A' = N'^2.
    /// @dev N is floored and s_i' is floored, so the real c never falls on a buy.
    /// @return newSupply s_i' (equal to `supply` when the amount is too small to mint anything).
    /// @return newSumSq A_raw after the buy.
    function buySupply(
        uint256 reserve,
        uint256 sumSq,
        uint256 weight,
        uint256 supply,
        uint256 netWad
    ) internal pure returns (uint256 newSupply, uint256 newSumSq) {
        newSupply = supply;
        newSumSq = sumSq;
        if (netWad == 0 || reserve == 0 || sumSq == 0) return (newSupply, newSumSq);
        uint256 normAfter = Math.mulDiv(Math.sqrt(sumSq), reserve + netWad, reserve);
        if (normAfter > MAX_NORM) revert IMarketErrors.SupplyCapExceeded();
        uint256 target = normAfter * normAfter;
        if (target <= sumSq) return (newSupply, newSumSq);
        uint256 others = sumSq - weight * supply * supply;
        uint256 squared = (target - others) / weight;
        if (squared > MAX_SUPPLY * MAX_SUPPLY) revert IMarketErrors.SupplyCapExceeded();
        uint256 solved = Math.sqrt(squared);
        if (solved <= supply) return (newSupply, newSumSq);
        newSupply = solved;
        newSumSq = others + weight * solved * solved;
    }

    /// @notice Sell: s_i' = s_i - t, gross release = R - c*N' = R - R*N'/N (N floored, N' and the product ceiled).
    /// @dev Caller guarantees tokensIn <= supply. A zero `newSumSq` means the curve would be emptied.
    function sellRelease(
        uint256 reserve,
        uint256 sumSq,
        uint256 weight,
        uint256 supply,
        uint256 tokensIn
    ) internal pure returns (uint256 grossWad, uint256 newSumSq) {
        uint256 rest = supply - tokensIn;
        newSumSq = sumSq - weight * tokensIn * (supply + rest);
        if (newSumSq == 0 || tokensIn == 0) return (0, newSumSq);
        uint256 kept = Math.mulDiv(
            reserve,
            Math.sqrt(newSumSq, Math.Rounding.Ceil),
            Math.sqrt(sumSq),
            Math.Rounding.Ceil
        );
        grossWad = kept >= reserve ? 0 : reserve - kept;
    }

    /// @notice Reserve left after a sell whose curve keeps `kept` = c*N' (WAD, rounded up): `kept` rounded down to
    ///         whole atomic units, less one unit, never below zero. Nothing of the sale stays in the reserve (the fees
    ///         and the rounding leave it), so R' <= c*N' - 1e12 and c falls on every sell.
    function reserveAfterSell(uint256 kept) internal pure returns (uint256) {
        uint256 units = kept / USDC_TO_WAD;
        return units == 0 ? 0 : (units - 1) * USDC_TO_WAD;
    }

    /// @notice Closed-form estimate of the tokens whose sale releases at least `grossWad` (searched around after).
    function estimateTokensForGross(
        uint256 reserve,
        uint256 sumSq,
        uint256 weight,
        uint256 supply,
        uint256 grossWad
    ) internal pure returns (uint256) {
        if (grossWad >= reserve) return supply;
        uint256 normMax = Math.mulDiv(Math.sqrt(sumSq), reserve - grossWad, reserve);
        uint256 targetSq = normMax * normMax;
        if (targetSq >= sumSq) return 0;
        uint256 drop = Math.ceilDiv(sumSq - targetSq, weight);
        uint256 square = supply * supply;
        if (drop >= square) return supply;
        return supply - Math.sqrt(square - drop);
    }

    /// @notice Per-token refund price at cancellation: R * a_i * s_i / A_raw (WAD USDC per WAD token).
    /// @dev This is the marginal price dR/ds_i; sum_i s_i * price_i = R (the Pythagorean identity).
    function refundPrice(
        uint256 reserve,
        uint256 sumSq,
        uint256 weight,
        uint256 supply
    ) internal pure returns (uint256) {
        return sumSq == 0 ? 0 : Math.mulDiv(reserve, weight * supply * WAD, sumSq);
    }

    /// @notice Assigns the rounding remainder of `parts` (floored shares of 1e18) to the largest entry (first on ties).
    function settleRemainder(uint256[] memory parts) internal pure {
        uint256 total;
        uint256 largest;
        for (uint256 i; i < parts.length; ++i) {
            total += parts[i];
            if (parts[i] > parts[largest]) largest = i;
        }
        parts[largest] += WAD - total;
    }
}
