import Testing
@testable import KioskLab

@Suite struct LabFunctionsTests {
    /// Each function a kiosk may execute runs as the tables' owner with its own search path (so
    /// that nothing a caller puts first on its path is found), and each one that runs as the
    /// owner is one a kiosk may execute: none is left out of the grant, none granted by mistake.
    @Test func everyFunctionThatRunsAsTheOwnerIsAKiosksAndHasItsOwnSearchPath() {
        let definitions = LabFunctions.script.components(separatedBy: "CREATE OR REPLACE FUNCTION ").dropFirst()
        var asOwner: [String] = []
        for definition in definitions {
            let name = String(definition.prefix { $0 != "(" })
            let header = definition.components(separatedBy: " AS $$").first ?? ""
            #expect(header.contains("SET search_path = public, pg_temp"), "\(name) sets its own search path")
            if header.contains("SECURITY DEFINER") { asOwner.append(name) }
        }
        #expect(definitions.count >= LabFunctions.forKiosks.count + 2)
        #expect(asOwner.sorted() == LabFunctions.forKiosks.sorted())
    }
}
