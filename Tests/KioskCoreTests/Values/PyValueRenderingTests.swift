import Testing
@testable import KioskCore

@Suite struct PyValueRenderingTests {
    @Test func scalarsRenderAsPythonStr() {
        #expect(PyValue.none.pythonStr == "None")
        #expect(PyValue.bool(true).pythonStr == "True")
        #expect(PyValue.bool(false).pythonStr == "False")
        #expect(PyValue.int(26).pythonStr == "26")
        #expect(PyValue.int(-26).pythonStr == "-26")
        #expect(PyValue.float(26).pythonStr == "26.0")
        #expect(PyValue.string("it's").pythonStr == "it's")
        #expect(PyValue.object("<core.widgets.frame.Frame object>").pythonStr == "<core.widgets.frame.Frame object>")
    }

    @Test func stringsAreQuotedOnlyInRepr() {
        #expect(PyValue.string("NAV_1").pythonStr == "NAV_1")
        #expect(PyValue.string("NAV_1").pythonRepr == "'NAV_1'")
    }

    @Test func tuplesKeepFullPrecisionAndTheOneElementComma() {
        #expect(PyValue.tuple([.float(110)]).pythonStr == "(110.0,)")
        #expect(PyValue.tuple([]).pythonStr == "()")
        #expect(PyValue.color(Color(241, 100, 100, 255)).pythonStr == "(241, 100, 100, 255)")
        let cursor = PyValue.tuple([.float(0.003999933333666666), .float(0.004799884800829438)])
        #expect(cursor.pythonStr == "(0.003999933333666666, 0.004799884800829438)")
        #expect(PyValue.tuple([.int(0), .float(1026), .int(672), .float(540)]).pythonStr == "(0, 1026.0, 672, 540.0)")
    }

    @Test func listsAndNestedContainersUseReprForElements() {
        #expect(PyValue.list([.string("sysmon"), .string("track")]).pythonStr == "['sysmon', 'track']")
        #expect(PyValue.list([]).pythonStr == "[]")
        #expect(PyValue.list([.bool(true), .none, .tuple([.int(1), .int(2)])]).pythonStr == "[True, None, (1, 2)]")
    }

    @Test func dictsKeepInsertionOrder() {
        let radio = PyValue.dict([
            .init("name", .string("NAV_1")), .init("currentfreq", .float(111.9)), .init("targetfreq", .none),
            .init("is_active", .bool(false)), .init("widget", .object("<core.widgets.radio.Radio object>")),
        ])
        let expected =
            "{'name': 'NAV_1', 'currentfreq': 111.9, 'targetfreq': None, 'is_active': False, "
            + "'widget': <core.widgets.radio.Radio object>}"
        #expect(radio.pythonStr == expected)
        #expect(PyValue.dict([]).pythonStr == "{}")
    }
}
