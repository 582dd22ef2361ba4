extension PadConfiguration {
    /// The configuration as a file both programs read: InteractLog 2.3's own layout (labels
    /// padded to 29 characters, its sections and comments), then labkiosk's keys, which
    /// InteractLog skips. `override colours` is written under the label InteractLog reads back,
    /// not the one it saves, so the value survives a trip through InteractLog too.
    public var fileText: String {
        func line(_ label: String, _ value: String) -> String {
            label + String(repeating: " ", count: max(0, 29 - label.count)) + ":" + value + "\n"
        }
        func rgba(_ c: Color) -> String { "\(c.red),\(c.green),\(c.blue),\(c.alpha)" }
        let width = strokeWidth == strokeWidth.rounded() ? String(Int(strokeWidth)) : Float(strokeWidth).description
        let star = String(repeating: "*", count: 45) + "\n"
        var text = star + "*** INTERACT LOG CONFIGURATION\n***\n*** Compatibility Version 2.2+\n***\n" + star + "\n"
        text += "*** GENERAL *********************************\n\n"
        text += line("recording pad size", "\(padWidth),\(padHeight)") + "\n"
        text += "*** INPUT MASK ******************************\n\n"
        text += line("input mask image", inputMask ?? "") + "\n"
        text += "*** FAMILIARISATION**************************\n\n"
        text += line("familiarisation image", familiarisationImage ?? "") + "\n"
        text += line("timer for familiarisation(ms)", String(familiarisationTimerMilliseconds))
        text += line("allow key-press to turn off", String(allowKeyPressToTurnOff)) + "\n"
        text += "*** STIMULUS ********************************\n\n"
        text += line("stimulus images", stimulusImages.joined(separator: ",")) + "\n"
        text += line("delay repeat stim display(ms)", String(stimulusDelayMilliseconds))
        text += line("hold key to show stimulus", String(holdKeyToShowStimulus))
        text += line("hide input mask dur stim prog", String(hideInputMaskDuringProgression))
        text += line("allow repeated stim display", String(allowRepeatedStimulusDisplay))
        text += line("allow drawing over stimulus", String(allowDrawingOverStimulus)) + "\n"
        text += "*** DRAWING *********************************\n\n"
        text += line("stroke width", width)
        text += line("stroke colour", rgba(strokeColour))
        text += line("background colour", rgba(backgroundColour))
        text += line("show rubberband", String(showRubberband)) + "\n"
        text += "*** REPLAY **********************************\n\n"
        text += line("replay speed", String(replaySpeed)) + "\n"
        text += line("show annotations", String(showAnnotations))
        text += line("show stimulus (replay)", String(showStimulusInReplay))
        text += line("stimulus permanent (replay)", String(stimulusPermanentInReplay))
        text += line("show input mask (replay)", String(showInputMaskInReplay)) + "\n"
        text += line("annotation style", annotationStyle)
        text += line("show annotation bubbles", String(showAnnotationBubbles))
        text += line("show connecting lines", String(showConnectingLines))
        text += line("override colours (B/W)", String(overrideColoursWithBlackAndWhite)) + "\n"
        text += line("annotation colour", rgba(annotationColour))
        text += line("annotation background colour", rgba(annotationBackgroundColour))
        text += line("annotation font size", String(annotationFontSize))
        text += line("annotation font face", annotationFontFace) + "\n"
        text += "*** LABKIOSK ********************************\n*** labkiosk's own keys; InteractLog skips them.\n\n"
        text += line("on-screen controls", String(onScreenControls))
        text += line("allow undo", String(allowUndo))
        text += line("allow eraser", String(allowEraser))
        text += line("end control hold(ms)", String(endHoldMilliseconds))
        text += line("after trial", afterTrial.rawValue)
        text += line("stimulus phases", stimulusPhases.map { "\($0.name)=\($0.count)" }.joined(separator: ","))
        return text
    }
}
