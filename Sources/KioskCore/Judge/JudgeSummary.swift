import RealModule

/// A judgement block summed up per condition (docs/judge.md: The summary): accuracy and
/// response times, and for go/no-go the hit and false-alarm rates and d′. Practice trials
/// are left out.
public struct JudgeSummary: Hashable, Sendable {
    public struct Group: Hashable, Sendable {
        /// The condition's value; `all` for every counted trial.
        public var condition: String
        public var trials: Int
        /// Trials with an answer.
        public var answered: Int
        public var correct: Int
        /// Over correct answers (hits in go/no-go): the times a lab reports.
        public var medianMilliseconds: Double?
        public var meanMilliseconds: Double?
        /// Go/no-go only.
        public var hits: Int, misses: Int, falseAlarms: Int, correctRejections: Int
        public var isGoNoGo: Bool

        public var accuracy: Double? { trials > 0 ? Double(correct) / Double(trials) : nil }
        /// The raw rates, as a reader expects to see them.
        public var hitRate: Double? { hits + misses > 0 ? Double(hits) / Double(hits + misses) : nil }
        public var falseAlarmRate: Double? { falseAlarms + correctRejections > 0 ? Double(falseAlarms) / Double(falseAlarms + correctRejections) : nil }

        /// d′ = z(H) − z(F), with the log-linear correction (Hautus, 1995: half a trial added
        /// to each count and one to each total), so that perfect rates give a finite value
        /// and every group has one; nil without both targets and non-targets.
        public var dPrime: Double? {
            guard isGoNoGo, hits + misses > 0, falseAlarms + correctRejections > 0 else { return nil }
            let hit = (Double(hits) + 0.5) / Double(hits + misses + 1)
            let falseAlarm = (Double(falseAlarms) + 0.5) / Double(falseAlarms + correctRejections + 1)
            return JudgeSummary.inverseNormal(hit) - JudgeSummary.inverseNormal(falseAlarm)
        }
    }

    /// `all` first, then each condition in the order it first appears.
    public var groups: [Group]

    /// - Parameter condition: the condition a row belongs to.
    public init(rows: [JudgeTrialRow], goNoGo: Bool, condition: (JudgeTrialRow) -> String) {
        let counted = rows.filter { !$0.practice }
        var order: [String] = []
        var members: [String: [JudgeTrialRow]] = [:]
        for row in counted {
            let name = condition(row)
            if members[name] == nil { order.append(name) }
            members[name, default: []].append(row)
        }
        groups = [Self.group("all", counted, goNoGo: goNoGo)] + order.map { Self.group($0, members[$0] ?? [], goNoGo: goNoGo) }
    }

    private static func group(_ name: String, _ rows: [JudgeTrialRow], goNoGo: Bool) -> Group {
        let times = rows.filter { $0.correct }.compactMap(\.responseMilliseconds).sorted()
        var group = Group(condition: name, trials: rows.count, answered: rows.filter { !$0.response.isEmpty }.count,
                          correct: rows.filter(\.correct).count, medianMilliseconds: median(times),
                          meanMilliseconds: times.isEmpty ? nil : times.reduce(0, +) / Double(times.count),
                          hits: 0, misses: 0, falseAlarms: 0, correctRejections: 0, isGoNoGo: goNoGo)
        if goNoGo {
            for row in rows {
                switch (row.expected == "go", !row.response.isEmpty) {
                case (true, true): group.hits += 1
                case (true, false): group.misses += 1
                case (false, true): group.falseAlarms += 1
                case (false, false): group.correctRejections += 1
                }
            }
        }
        return group
    }

    static func median(_ sorted: [Double]) -> Double? {
        guard !sorted.isEmpty else { return nil }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The standard normal quantile: Acklam's rational approximation (relative error below
    /// 1.2e-9), then one Halley step on the complementary error function, which brings it to
    /// double precision.
    static func inverseNormal(_ p: Double) -> Double {
        precondition(p > 0 && p < 1)
        let a = [-3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02, 1.383577518672690e+02, -3.066479806614716e+01, 2.506628277459239e+00]
        let b = [-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02, 6.680131188771972e+01, -1.328068155288572e+01]
        let c = [-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00, -2.549732539343734e+00, 4.374664141464968e+00, 2.938163982698783e+00]
        let d = [7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00, 3.754408661907416e+00]
        let low = 0.02425
        var x: Double
        if p < low {
            let q = (-2 * Double.log(p)).squareRoot()
            x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1)
        } else if p <= 1 - low {
            let q = p - 0.5, r = q * q
            x = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q
                / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1)
        } else {
            let q = (-2 * Double.log(1 - p)).squareRoot()
            x = -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1)
        }
        let e = 0.5 * Double.erfc(-x / 2.0.squareRoot()) - p
        let u = e * (2 * Double.pi).squareRoot() * Double.exp(x * x / 2)
        x -= u / (1 + x * u / 2)
        return x
    }

    public static let columns = ["condition", "trials", "answered", "correct", "accuracy", "median_rt_ms", "mean_rt_ms",
                                 "hits", "misses", "false_alarms", "correct_rejections", "hit_rate", "false_alarm_rate", "d_prime"]

    /// The summary file's text: a header and one line per group; go/no-go columns stay empty in a choice.
    public var text: String {
        var out = TabSeparated.line(Self.columns)
        for g in groups {
            let goNoGo: [String] = g.isGoNoGo
                ? [String(g.hits), String(g.misses), String(g.falseAlarms), String(g.correctRejections),
                   TabSeparated.decimal(g.hitRate, places: 4), TabSeparated.decimal(g.falseAlarmRate, places: 4), TabSeparated.decimal(g.dPrime, places: 4)]
                : Array(repeating: "", count: 7)
            out += TabSeparated.line([g.condition, String(g.trials), String(g.answered), String(g.correct), TabSeparated.decimal(g.accuracy, places: 4),
                                      TabSeparated.decimal(g.medianMilliseconds, places: 3), TabSeparated.decimal(g.meanMilliseconds, places: 3)] + goNoGo)
        }
        return out
    }
}
