/// One voice of the spoken radio prompts: the language and gender folders its clips live in,
/// `Assets/voices/<idiom>/<gender>/` (OpenMATB: `includes/sounds/<idiom>/<gender>/`).
public struct Voice: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// `english` or `french`, as `voiceidiom` names it.
    public var idiom: String
    /// `female` or `male`, as `voicegender` names it.
    public var gender: String

    public init(idiom: String, gender: String) {
        self.idiom = idiom
        self.gender = gender
    }

    /// Every voice labkiosk ships.
    public static let all: [Voice] = ["english", "french"].flatMap { idiom in
        ["female", "male"].map { Voice(idiom: idiom, gender: $0) }
    }

    /// `idiom/gender`, the voice's folder relative to the voices root.
    public var description: String { "\(idiom)/\(gender)" }

    public static func < (a: Voice, b: Voice) -> Bool { a.description < b.description }
}
