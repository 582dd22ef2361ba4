import Testing
import TestSupport
@testable import KioskCore

@Suite struct PadConfigurationReaderTests {
    private func read(_ text: String) -> Result<PadConfiguration, ScenarioErrors> {
        PadConfigurationReader.read(text, file: "pad.ini")
    }

    @Test func interactLogsOwnDefaultFileGivesTheDefaults() throws {
        // As InteractLog writes it: padded labels, *** comments, no final line feed.
        let configuration = try read(try Fixtures.text("interactlog/java-default.ini")).get()
        #expect(configuration == PadConfiguration())
    }

    @Test func everySettingOfASavedFileIsRead() throws {
        let c = try read(try Fixtures.text("interactlog/java-saved.ini")).get()
        #expect(c.padWidth == 900 && c.padHeight == 700)
        #expect(c.inputMask == "masks/allWhite.png")
        #expect(c.familiarisationImage == "stimuli/P1.png")
        #expect(c.familiarisationTimerMilliseconds == 5000 && !c.allowKeyPressToTurnOff)
        #expect(c.stimulusImages == ["stimuli/S1.png", "stimuli/S2.png", "stimuli/S3.png"])
        #expect(c.stimulusDelayMilliseconds == 250 && !c.holdKeyToShowStimulus && !c.hideInputMaskDuringProgression)
        #expect(c.allowRepeatedStimulusDisplay && c.allowDrawingOverStimulus)
        #expect(c.strokeWidth == 2.5 && c.strokeColour == Color(200, 0, 0, 255) && c.backgroundColour == Color(255, 255, 240, 255))
        #expect(!c.showRubberband && c.replaySpeed == 4 && !c.showAnnotations && c.stimulusPermanentInReplay)
        #expect(c.annotationStyle == "Off-Stroke" && !c.showAnnotationBubbles && !c.showConnectingLines)
        #expect(c.annotationColour == Color(0, 0, 0, 255) && c.annotationFontSize == 18 && c.annotationFontFace == "DejaVu Sans")
        // InteractLog writes `override colours with B/W` but reads `override colours (B/W)`,
        // so its own saved value never comes back; here it does, under either label.
        #expect(c.overrideColoursWithBlackAndWhite)
        #expect(try read("override colours (B/W)       :true").get().overrideColoursWithBlackAndWhite)
    }

    @Test func labkiosksOwnKeysSitInTheSameFile() throws {
        let c = try read("""
            stimulus images              :a.png,b.png,c.png
            on-screen controls           :false
            allow undo                   :true
            allow eraser                 :true
            end control hold(ms)         :800
            after trial                  :finish
            stimulus phases              :Copy=2,Recall=1
            """).get()
        #expect(!c.onScreenControls && c.allowUndo && c.allowEraser && c.endHoldMilliseconds == 800 && c.afterTrial == .finish)
        #expect(c.stimulusPhases == [.init(name: "Copy", count: 2), .init(name: "Recall", count: 1)])
        #expect(c.phaseName(ofStimulus: 1) == "Copy" && c.phaseName(ofStimulus: 2) == "Recall")
    }

    @Test func everyProblemIsReportedWithItsLineAndColumn() {
        let text = """
            *** a comment: with a colon
            recording pad size :1260,6x0
            stroke colour      :0,0,300,255
            stimulus images    :S1.png, bad;name.png
            allow undo         :yes
            no colon here
            strok width        :2
            stroke width       :2
            stroke width       :3
            """
        guard case .failure(let errors) = read(text) else { Issue.record("expected errors"); return }
        let found = errors.diagnostics.map { "\($0.line):\($0.column)" }
        #expect(found == ["2:26", "3:25", "4:29", "5:21", "6:1", "7:1", "9:1"])
        #expect(errors.diagnostics[2].message.contains("`bad;name.png` contains `;`"))
        #expect(errors.diagnostics[5].message.contains("unknown setting `strok width`"))
        #expect(errors.diagnostics[6].message.contains("set again (first on line 8)"))
    }

    @Test(arguments: ["a,b.png", "x:y.png", "tab\there.png", "folder/"])
    func imageNamesInteractLogCannotHoldAreRefused(name: String) {
        guard case .failure = read("familiarisation image :\(name)") else {
            Issue.record("\(name) was accepted")
            return
        }
    }

    @Test func phasesMustCoverTheStimuli() {
        guard case .failure(let errors) = read("stimulus images :a.png,b.png\nstimulus phases :A=1") else {
            Issue.record("expected an error")
            return
        }
        #expect(errors.diagnostics[0].message.contains("covers 1 stimuli but `stimulus images` names 2"))
    }
}

@Suite struct PadConfigurationFileTextTests {
    @Test func aSavedFileReadsBackTheSameAfterATripThroughOurText() throws {
        let saved = try PadConfigurationReader.read(try Fixtures.text("interactlog/java-saved.ini"), file: "saved.ini").get()
        let again = try PadConfigurationReader.read(saved.fileText, file: "written.ini").get()
        #expect(again == saved)
        #expect(again.overrideColoursWithBlackAndWhite)
    }

    @Test func theDefaultsAreWrittenInInteractLogsLayout() throws {
        let text = PadConfiguration().fileText
        let java = try Fixtures.text("interactlog/java-default.ini")
        // Line for line InteractLog's own default file, but for the label it reads back.
        let ours = text.split(separator: "\n", omittingEmptySubsequences: false)
        let theirs = java.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in theirs.enumerated() {
            let expected = line.hasPrefix("override colours with B/W") ? "override colours (B/W)       :false" : line
            #expect(ours[index] == expected, "line \(index + 1)")
        }
        #expect(text.contains("allow undo                   :false\n"))
    }
}

@Suite struct PadConfigurationLineEndingTests {
    @Test func aFileSavedOnWindowsReadsTheSame() throws {
        let text = try Fixtures.text("interactlog/java-saved.ini")
        let windows = text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n")
        #expect(try PadConfigurationReader.read(windows, file: "w.ini").get() == PadConfigurationReader.read(text, file: "u.ini").get())
    }
}
