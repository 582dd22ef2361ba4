/// How long OpenMATB 1.4.5's own voice clips last, in samples at 44.1 kHz
/// (`includes/sounds/<idiom>/<gender>/<clip>.wav` upstream, read from the WAV headers).
///
/// OpenMATB ends a prompt when its clips have played, so its response windows follow these
/// lengths; labkiosk's own clips (espeak-ng) are shorter. With ``PromptTiming/openMATB`` the
/// prompts take these lengths, and each of our clips is played in its OpenMATB-length slot.
/// OpenMATB ships no English female voice.
public enum OpenMATBClipLengths {
    public static let sampleCounts: [Voice: [String: Int]] = [
        Voice(idiom: "english", gender: "male"): [
            "0": 35853, "1": 32325, "2": 28797, "3": 33648, "4": 33648, "5": 33648, "6": 39381, "7": 38190,
            "8": 25269, "9": 33648, "a": 27915, "b": 26151, "c": 28797, "d": 21520, "e": 23946, "f": 30120,
            "g": 27915, "h": 33471, "i": 30120, "j": 19624, "k": 27915, "l": 48862, "m": 30120, "n": 28268,
            "o": 27915, "p": 26592, "q": 33648, "r": 34530, "s": 32325, "t": 27915, "u": 28356, "v": 27915,
            "w": 39072, "x": 40395, "y": 31443, "z": 26592, "nav_1": 51861, "nav_2": 44408, "com_1": 42600,
            "com_2": 43910, "radio": 65973, "point": 25269, "frequency": 58917, "empty": 4410
        ],
        Voice(idiom: "french", gender: "female"): [
            "0": 33610, "1": 20163, "2": 15734, "3": 20460, "4": 16295, "5": 15906, "6": 18411, "7": 16680,
            "8": 15802, "9": 18010, "a": 16806, "b": 19070, "c": 15619, "d": 18706, "e": 14175, "f": 16631,
            "g": 18125, "h": 16500, "i": 14165, "j": 15376, "k": 14511, "l": 17899, "m": 16025, "n": 19122,
            "o": 14737, "p": 14546, "q": 14539, "r": 16185, "s": 18053, "t": 14317, "u": 13276, "v": 18056,
            "w": 31550, "x": 16005, "y": 24844, "z": 22442, "nav_1": 34250, "nav_2": 36958, "com_1": 32929,
            "com_2": 29669, "radio": 56616, "point": 17402, "frequency": 54353, "empty": 4410
        ],
        Voice(idiom: "french", gender: "male"): [
            "0": 24286, "1": 24125, "2": 21113, "3": 24649, "4": 19679, "5": 27231, "6": 25163, "7": 24810,
            "8": 21436, "9": 22403, "a": 21460, "b": 20220, "c": 23056, "d": 21058, "e": 18408, "f": 19301,
            "g": 20907, "h": 21905, "i": 18262, "j": 19440, "k": 27014, "l": 22995, "m": 24354, "n": 24938,
            "o": 18795, "p": 18516, "q": 18450, "r": 19753, "s": 17569, "t": 15576, "u": 18175, "v": 18204,
            "w": 28015, "x": 20572, "y": 32023, "z": 19631, "nav_1": 41325, "nav_2": 36077, "com_1": 35069,
            "com_2": 33413, "radio": 46280, "point": 22907, "frequency": 40210, "empty": 4410
        ],
    ]
}
