import Testing
@testable import KioskCore

@Suite struct ResmanPathTests {
    @Test func pathsAreSpelledAsOpenMATBSpellsThem() {
        #expect(ResmanPath.tank(.a, .level).path == "tank-a-level")
        #expect(ResmanPath.tank(.f, .lossPerMinute).path == "tank-f-lossperminute")
        #expect(ResmanPath.tank(.b, .isInTolerance).path == "tank-b-_is_in_tolerance")
        #expect(ResmanPath.pump(3, .state).path == "pump-3-state")
        #expect(ResmanPath.pump(8, .statusWidget).path == "pump-8-statuswidget")
    }

    @Test func everyPathReadsBackAsItself() {
        for tank in ResmanTank.allCases {
            for field in ResmanPath.TankField.allCases {
                #expect(ResmanPath(path: ResmanPath.tank(tank, field).path) == .tank(tank, field))
            }
        }
        for number in 1...ResmanTopology.pumpCount {
            for field in ResmanPath.PumpField.allCases {
                #expect(ResmanPath(path: ResmanPath.pump(number, field).path) == .pump(number, field))
            }
        }
    }

    @Test func otherPathsAreNotTanksOrPumps() {
        for path in ["toleranceradius", "tank-g-level", "pump-9-state", "pump-0-flow", "tank-a", "tank-a-level-x", "Tank-a-level"] {
            #expect(ResmanPath(path: path) == nil, "\(path)")
        }
    }

    @Test func theDescriptorHasEveryPathAndNoOther() {
        let tree = Set(PluginDescriptor.resman.parameters.map(\.path).filter { $0.hasPrefix("tank-") || $0.hasPrefix("pump-") })
        #expect(tree.allSatisfy { ResmanPath(path: $0) != nil })
        // Tanks C–F have no target privates.
        #expect(!tree.contains(ResmanPath.tank(.c, .responseTime).path))
        #expect(tree.contains(ResmanPath.tank(.a, .toleranceColor).path))
        #expect(tree.count == 6 * 7 + 2 * 3 + 8 * 7)
    }
}
