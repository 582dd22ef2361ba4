import Foundation
import Testing
@testable import KioskCore

@Suite struct StickResponseTests {
    @Test func deadZoneReadsZeroAndTheEdgeIsContinuous() {
        let response = StickResponse(deadZone: 0.2)
        #expect(response.apply(x: 0.19, y: 0) == (0, 0))
        #expect(response.apply(x: 0, y: -0.2) == (0, 0))
        // Just past the edge the output starts from 0, and full deflection still reads 1.
        #expect(response.apply(x: 0.2 + 1e-5, y: 0).x < 1e-4)
        #expect(response.apply(x: 1, y: 0) == (1, 0))
        #expect(response.apply(x: 0.6, y: 0) == (0.5, 0))
    }

    @Test func directionIsKeptAndLongVectorsClipToTheUnitCircle() {
        let response = StickResponse(deadZone: 0)
        let diagonal = response.apply(x: 1, y: 1)
        #expect(diagonal.x == diagonal.y)
        #expect(abs(diagonal.x - 0.707107) < 1e-9)
        let half = response.apply(x: 0.3, y: -0.4)
        #expect(half == (0.3, -0.4))
    }

    @Test func exponentialCurveIsFinerNearTheCentreAndReachesTheEdge() {
        let response = StickResponse(deadZone: 0, curve: .exponential(factor: 2))
        let expected = (exp(1.0) - 1) / (exp(2.0) - 1)  // r = 0.5
        #expect(abs(response.apply(x: 0.5, y: 0).x - expected) < 1e-6)
        #expect(response.apply(x: 0.5, y: 0).x < 0.5)
        #expect(response.apply(x: -1, y: 0) == (-1, 0))
        // A vanishing factor is the linear curve.
        #expect(StickResponse(deadZone: 0, curve: .exponential(factor: 0)).apply(x: 0.5, y: 0) == (0.5, 0))
    }

    @Test func inversionAndGainAreAppliedLastAndClipped() {
        let response = StickResponse(deadZone: 0, invertX: true, invertY: false, gain: 3)
        #expect(response.apply(x: 0.1, y: 0.2) == (-0.3, 0.6))
        #expect(response.apply(x: 0.5, y: -0.5) == (-1, -1))
    }

    @Test func outputIsRoundedToTheLogPrecisionWithoutNegativeZero() {
        let response = StickResponse(deadZone: 0)
        #expect(response.apply(x: 0.123456789, y: 0).x == 0.123457)
        #expect(StickResponse.quantized(-1e-9).sign == .plus)
        #expect(StickResponse.quantized(.nan) == 0)
        #expect(response.apply(x: .infinity, y: 0) == (0, 0))
    }
}
