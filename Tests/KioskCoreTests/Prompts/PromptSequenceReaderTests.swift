import Testing
@testable import KioskCore

@Suite struct PromptSequenceReaderTests {
    static let guidedImagery = """
        title = "Guided imagery"
        trial_order = "shuffle"
        pause_every = 2
        repeat = 1

        [[preparation]]
        text = "Sit comfortably and put the headset on."
        image = "images/posture.png"

        [[help]]
        question = "What if I feel dizzy?"
        answer = "Open your eyes and tell the experimenter."

        [[phase]]
        name = "close"
        text = "Close your eyes."
        image = "images/{word}.png"
        speech = "Close your eyes and imagine a {word}."
        seconds = 5
        marker = "close_{word}"
        code = 10

        [[phase]]
        name = "rest"
        text = "Rest."
        until = "continue"

        [[trial]]
        word = "lemon"
        [[trial]]
        word = "beach"
        """

    private func read(_ text: String) -> Result<PromptSequence, ScenarioErrors> {
        PromptSequenceReader.read(text, file: "imagery.toml")
    }

    /// Every problem as `line:column: message`.
    private func problems(_ text: String) -> [String] {
        guard case .failure(let errors) = read(text) else { return ["(no problem)"] }
        return errors.diagnostics.map { "\($0.line):\($0.column): \($0.message)" }
    }

    @Test func aGoodFileGivesItsModel() throws {
        let sequence = try read(Self.guidedImagery).get()
        let close = PromptPhase(name: "close", text: PromptTemplate(literal: "Close your eyes."),
                                image: try PromptTemplate(parsing: "images/{word}.png"),
                                speech: try PromptTemplate(parsing: "Close your eyes and imagine a {word}."),
                                ending: .seconds(5), marker: try PromptTemplate(parsing: "close_{word}"), code: 10, line: 14)
        let rest = PromptPhase(name: "rest", text: PromptTemplate(literal: "Rest."), ending: .participantContinues, line: 23)
        let expected = PromptSequence(
            title: "Guided imagery", trialOrder: .shuffle, pauseEvery: 2, passes: 1,
            preparation: [PromptPreparationStep(text: "Sit comfortably and put the headset on.", image: "images/posture.png")],
            help: [PromptHelpItem(question: "What if I feel dizzy?", answer: "Open your eyes and tell the experimenter.")],
            phases: [close, rest],
            trials: [PromptTrial(variables: [.init(name: "word", value: "lemon")], line: 28),
                     PromptTrial(variables: [.init(name: "word", value: "beach")], line: 30)],
            images: [PromptImageReference(path: "images/posture.png", line: 8, column: 9),
                     PromptImageReference(path: "images/lemon.png", line: 17, column: 9),
                     PromptImageReference(path: "images/beach.png", line: 17, column: 9)])
        #expect(sequence == expected)
        #expect(rest.marker == PromptTemplate(literal: "rest"))
        #expect(sequence.speechTexts == ["Close your eyes and imagine a lemon.", "Close your eyes and imagine a beach."])
    }

    @Test func aFileWithOnlyAPhaseTakesEveryDefault() throws {
        let sequence = try read("[[phase]]\nname = \"look\"\nimage = \"dot.png\"\nuntil = \"continue\"").get()
        #expect(sequence.title == "" && sequence.trialOrder == .file && sequence.pauseEvery == 0 && sequence.passes == 1)
        #expect(sequence.trials == [PromptTrial(variables: [], line: 0)])
        #expect(sequence.images == [PromptImageReference(path: "dot.png", line: 3, column: 9)])
        #expect(sequence.phases.map(\.marker) == [PromptTemplate(literal: "look")])
        #expect(!sequence.labStreamingLayer && !sequence.parallelPort)
    }

    @Test func markersGoToTheOutputsTheFileAsksFor() throws {
        let sequence = try read("lab_streaming_layer = true\nparallel_port = true\n[[phase]]\nname = \"a\"\ntext = \"x\"\nseconds = 1").get()
        #expect(sequence.labStreamingLayer && sequence.parallelPort)
    }

    @Test func untilSpeechEndsWithTheSpeech() throws {
        let sequence = try read("[[phase]]\nname = \"say\"\nspeech = \"Breathe in.\"\nuntil = \"speech\"").get()
        #expect(sequence.phases[0].ending == .speechEnds && sequence.phases[0].text == nil)
    }

    @Test(arguments: [
        ("colour = 1\n[[phase]]\nname = \"a\"\ntext = \"x\"\nseconds = 1", "1:1: unknown key `colour` at the top of the file; it takes `title`, `trial_order`, `pause_every`, `repeat`, `lab_streaming_layer` and `parallel_port`, then tables"),
        ("parallel_port = 1\n[[phase]]\nname = \"a\"\ntext = \"x\"\nseconds = 1", "1:17: `parallel_port` is true or false"),
        ("[[phase]]\nname = \"a\"\ntext = \"x\"\nseconds = 1\ncolor = \"red\"", "5:1: unknown key `color` in [[phase]]; it takes `name`, `text`, `image`, `speech`, `seconds`, `until`, `marker` and `code`"),
        ("[[phase]]\nname = \"a\"\ntext = \"x\"\nseconds = 1\n[[help]]\nquestion = \"q\"\nanswer = \"a\"\nhint = \"h\"", "8:1: unknown key `hint` in [[help]]; it takes `question` and `answer`"),
        ("title = 3\n[[phase]]\nname = \"a\"\ntext = \"x\"\nseconds = 1", "1:9: `title` is a string, e.g. title = \"Guided imagery\""),
        ("[[phase]]\nname = 4\ntext = \"x\"\nseconds = 1", "2:8: `name` is a string in quotes, e.g. name = \"…\""),
        ("[[phase]]\nname = \"a\"\ntext = \"\"\nseconds = 1", "3:8: `text` is empty; give it a value or leave the key out"),
        ("[[phase]]\ntext = \"x\"\nseconds = 1", "1:1: this [[phase]] needs a `name`, e.g. name = \"close\""),
        ("[[phase]]\nname = \"a\"\nseconds = 1", "1:1: a [[phase]] needs `text`, `image` or `speech`: something to show or say"),
        ("[[phase]]\nname = \"a\"\ntext = \"x\"\nseconds = 0", "4:11: `seconds` is a number of seconds above 0 (and at most a day), e.g. seconds = 5"),
        ("[[phase]]\nname = \"a\"\ntext = \"x\"\nseconds = -2.5", "4:11: `seconds` is a number of seconds above 0 (and at most a day), e.g. seconds = 5"),
        ("[[phase]]\nname = \"a\"\ntext = \"x\"\nseconds = \"5\"", "4:11: `seconds` is a number of seconds above 0 (and at most a day), e.g. seconds = 5"),
        ("[[phase]]\nname = \"a\"\ntext = \"x\"\nseconds = 1e9", "4:11: `seconds` is a number of seconds above 0 (and at most a day), e.g. seconds = 5"),
        ("[[phase]]\nname = \"a\"\ntext = \"x\"\nseconds = 1\nuntil = \"continue\"", "5:9: give either `seconds` or `until`, not both"),
        ("[[phase]]\nname = \"a\"\ntext = \"x\"", "1:1: a [[phase]] needs `seconds = N` or `until = \"speech\"` or `until = \"continue\"`, to say when it ends"),
        ("[[phase]]\nname = \"a\"\ntext = \"x\"\nuntil = \"speech\"", "4:9: `until = \"speech\"` ends the phase when its speech ends; give the phase `speech`"),
        ("[[phase]]\nname = \"a\"\ntext = \"x\"\nuntil = \"later\"", "4:9: `until` is \"speech\" (the phase ends when its speech ends) or \"continue\" (the participant continues)"),
        ("[[phase]]\nname = \"a\"\ntext = \"x\"\nseconds = 1\ncode = 256", "5:8: `code` is the parallel-port byte, a whole number from 1 to 255"),
        ("[[phase]]\nname = \"a\"\ntext = \"x\"\nseconds = 1\ncode = 0", "5:8: `code` is the parallel-port byte, a whole number from 1 to 255"),
        ("pause_every = -1\n[[phase]]\nname = \"a\"\ntext = \"x\"\nseconds = 1", "1:15: `pause_every` is a whole number of trials, 0 to 1000 (0 never pauses)"),
        ("repeat = 1.5\n[[phase]]\nname = \"a\"\ntext = \"x\"\nseconds = 1", "1:10: `repeat` is how many times the [[trial]] list runs, a whole number from 0 to 1000"),
        ("repeat = 9223372036854775807\n[[phase]]\nname = \"a\"\ntext = \"x\"\nseconds = 1", "1:10: `repeat` is how many times the [[trial]] list runs, a whole number from 0 to 1000"),
        ("trial_order = \"random\"\n[[phase]]\nname = \"a\"\ntext = \"x\"\nseconds = 1", "1:15: unknown `trial_order` \"random\"; expected \"file\" or \"shuffle\""),
        ("title = \"t\"", "1:1: a sequence needs at least one [[phase]], with its `name`, what it shows and how long it lasts"),
        ("[[phase]]\nname = \"a\"\ntext = \"x\"\nseconds = 1\n[[phase]]\nname = \"a\"\ntext = \"y\"\nseconds = 1", "6:1: a phase named `a` is already at line 1; phase names are unique"),
        ("[[phase]]\nname = \"a\"\ntext = \"x {word\"\nseconds = 1", "3:11: this `{` is not closed by `}`; write `{{` for a brace itself"),
        ("[[phase]]\nname = \"a\"\ntext = \"x {}\"\nseconds = 1", "3:11: expected a variable name (letters, digits, `_` and `-`) between `{` and `}`, got `{}`"),
        ("[[phase]]\nname = \"a\"\ntext = \"x\"\nseconds = 1\n[[extra]]\nb = 1", "5:1: unknown table [[extra]]; a sequence has [[preparation]], [[help]], [[phase]] and [[trial]]"),
        ("[[phase]]\nname = \"a\"\ntext = \"x\"\nseconds = 1\n[settings]\nb = 1", "5:1: unknown table [settings]; a sequence has [[preparation]], [[help]], [[phase]] and [[trial]]"),
        ("[[phase]]\nname = \"a\"\ntext = \"x\"\nseconds = 1\n[[preparation]]\n", "5:1: a [[preparation]] step needs `text`, `image` or both"),
        ("[[phase]]\nname = \"a\"\ntext = \"x\"\nseconds = 1\n[[help]]\nanswer = \"a\"", "5:1: this [[help]] needs `question`"),
        ("[[phase]]\nname = \"a\"\ntext = \"x\"\nseconds = 1\n[[trial]]\n\"two words\" = 1", "6:1: `two words` cannot be a variable's name; names are letters, digits, `_` and `-`"),
        ("[[phase]]\nname = \"a\"\ntext = [1]\nseconds = 1", "3:8: not valid in a sequence file: arrays are not used in plans"),
    ])
    func eachRuleIsReportedWhereItIs(text: String, expected: String) {
        #expect(problems(text) == [expected])
    }

    @Test func aVariableMissingFromSomeTrialsNamesThoseTrials() {
        let text = """
            [[phase]]
            name = "show"
            text = "A {word}, {colour}."
            seconds = 2
            [[trial]]
            word = "lemon"
            colour = "yellow"
            [[trial]]
            word = "beach"
            [[trial]]
            word = "sky"
            """
        #expect(problems(text) == ["3:19: `{colour}` is not defined in the [[trial]] at lines 8, 10; every trial needs `colour = …`"])
    }

    @Test func aVariableWithNoTrialsAtAllIsReported() {
        #expect(problems("[[phase]]\nname = \"a\"\nmarker = \"m_{n}\"\ntext = \"x\"\nseconds = 1")
            == ["3:13: `{n}` needs a value, but there are no [[trial]] tables to give one"])
    }

    @Test func everyProblemIsReportedAtOnce() {
        let text = """
            title = "Broken"
            trial_order = "sorted"
            [[phase]]
            name = "close"
            text = "Close your eyes on the {thing}."
            seconds = 0
            code = 300
            [[phase]]
            name = "close"
            until = "speech"
            [[trial]]
            word = "lemon"
            """
        #expect(problems(text) == [
            "2:15: unknown `trial_order` \"sorted\"; expected \"file\" or \"shuffle\"",
            "5:32: `{thing}` is not defined in the [[trial]] at line 11; every trial needs `thing = …`",
            "6:11: `seconds` is a number of seconds above 0 (and at most a day), e.g. seconds = 5",
            "7:8: `code` is the parallel-port byte, a whole number from 1 to 255",
            "8:1: a [[phase]] needs `text`, `image` or `speech`: something to show or say",
            "9:1: a phase named `close` is already at line 3; phase names are unique",
            "10:9: `until = \"speech\"` ends the phase when its speech ends; give the phase `speech`",
        ])
    }

    @Test func aSingleBracketPhaseIsNotAPhase() {
        #expect(problems("[phase]\nname = \"a\"\ntext = \"x\"\nseconds = 1") == [
            "1:1: [phase] is written [[phase]], one table per phase",
            "1:1: a sequence needs at least one [[phase]], with its `name`, what it shows and how long it lasts",
        ])
    }

    @Test func problemsCarryTheFileAndAreErrors() {
        guard case .failure(let errors) = read("title = \"t\"") else {
            Issue.record("expected a failure")
            return
        }
        #expect(errors.diagnostics.map(\.description) == ["imagery.toml:1:1: error: a sequence needs at least one [[phase]], with its `name`, what it shows and how long it lasts"])
    }

    @Test func doubledBracesAreBracesAndImagesAreListedOncePerPath() throws {
        let sequence = try read("""
            [[phase]]
            name = "a"
            text = "{{x}} {n}"
            image = "{kind}.png"
            seconds = 1
            [[trial]]
            n = 1
            kind = "dot"
            [[trial]]
            n = 2
            kind = "dot"
            """).get()
        #expect(sequence.phases[0].text?.filled(with: ["n": "2"]) == "{x}} 2")
        #expect(sequence.images == [PromptImageReference(path: "dot.png", line: 4, column: 9)])
    }
}
