/// Evaluates the Python literal expressions OpenMATB's validators pass to `eval()`.
///
/// The subset: int and float literals (Python's full literal syntax), `True`, `False`,
/// `None`, unary `+ - ~`, binary `** * / // % + - << >> & ^ |` with Python's precedence,
/// parentheses, tuples (with or without parentheses, `(1,)`, `()`) and lists. Names other
/// than the three constants, strings, calls, subscripts, comparisons and `and`/`or`/`not`
/// are not evaluated. `evaluate(_:)` returns `nil` wherever Python would raise, and
/// wherever this subset stops; validators then report the value as invalid.
///
/// The evaluator is iterative (operator precedence with explicit stacks), so no input can
/// exhaust the call stack; brackets nest at most 200 deep, CPython's own limit.
enum PythonExpression {
    /// CPython's tokenizer refuses more nested brackets than this.
    static let maximumNesting = 200

    /// The value of `text` as Python's `eval()` computes it, or `nil`.
    static func evaluate(_ text: String) -> PyValue? {
        guard let tokens = PythonLexer.tokens(text) else { return nil }
        var evaluator = Evaluator()
        for token in tokens {
            guard evaluator.consume(token) else { return nil }
        }
        return evaluator.finish()
    }

    /// A unary prefix operator; all bind tighter than `*` and looser than `**`.
    enum UnaryOperator: Hashable {
        case plus, minus, invert

        static let precedence = 7

        /// `+x`, `-x` or `~x` as Python computes it; bools become ints.
        func apply(_ value: PyValue) -> PyValue? {
            switch (self, PythonNumber(value)) {
            case (_, nil): return nil
            case (.plus, .int(let x)): return .int(x)
            case (.plus, .float(let x)): return .float(x)
            case (.minus, .int(let x)):
                let (negated, overflow) = Int(0).subtractingReportingOverflow(x)
                return overflow ? nil : .int(negated)
            case (.minus, .float(let x)): return .float(-x)
            case (.invert, .int(let x)): return .int(~x)
            case (.invert, .float): return nil
            }
        }
    }

    /// An operator waiting on the stack for its right operand.
    private enum PendingOperator {
        case unary(UnaryOperator)
        case binary(PythonBinaryOperator)

        var precedence: Int {
            switch self {
            case .unary: UnaryOperator.precedence
            case .binary(let op): op.precedence
            }
        }
    }

    /// An open bracket level, or the whole expression (`closer == nil`).
    private struct Group {
        /// `)` for parentheses, `]` for a list, `nil` for the top level.
        var closer: String?
        var operatorBase: Int
        var valueBase: Int
        var sawComma = false
    }

    private struct Evaluator {
        var values: [PyValue] = []
        var operators: [PendingOperator] = []
        var groups: [Group] = [Group(closer: nil, operatorBase: 0, valueBase: 0)]
        /// True when the next token must start an operand (after an operator, `(` or `,`).
        var expectingOperand = true

        mutating func consume(_ token: PythonLexer.Token) -> Bool {
            expectingOperand ? consumeOperand(token) : consumeAfterOperand(token)
        }

        mutating func consumeOperand(_ token: PythonLexer.Token) -> Bool {
            switch token {
            case .int(let number): push(.int(number))
            case .float(let number): push(.float(number))
            case .name("True"): push(.bool(true))
            case .name("False"): push(.bool(false))
            case .name("None"): push(.none)
            case .name: return false
            case .symbol("+"): operators.append(.unary(.plus))
            case .symbol("-"): operators.append(.unary(.minus))
            case .symbol("~"): operators.append(.unary(.invert))
            case .symbol("("), .symbol("["):
                guard groups.count <= PythonExpression.maximumNesting else { return false }
                let closer = token == .symbol("(") ? ")" : "]"
                groups.append(Group(closer: closer, operatorBase: operators.count, valueBase: values.count))
            case .symbol(let closer) where closer == ")" || closer == "]":
                // Only `()`, `[]` or a trailing comma (`(1,)`, `[1,]`) close without an operand.
                guard let group = groups.last, group.closer == closer,
                    operators.count == group.operatorBase,
                    values.count == group.valueBase || group.sawComma
                else { return false }
                return closeGroup()
            case .symbol: return false
            }
            return true
        }

        mutating func consumeAfterOperand(_ token: PythonLexer.Token) -> Bool {
            switch token {
            case .symbol(","):
                guard reduceGroup(), let last = groups.indices.last else { return false }
                groups[last].sawComma = true
                expectingOperand = true
                return true
            case .symbol(let closer) where closer == ")" || closer == "]":
                guard groups.last?.closer == closer, reduceGroup() else { return false }
                return closeGroup()
            case .symbol(let symbol):
                guard let op = PythonBinaryOperator(rawValue: symbol) else { return false }
                guard reduce(before: op) else { return false }
                operators.append(.binary(op))
                expectingOperand = true
                return true
            case .int, .float, .name:
                return false
            }
        }

        mutating func push(_ value: PyValue) {
            values.append(value)
            expectingOperand = false
        }

        /// Applies pending operators that bind at least as tightly as `op` (tighter only,
        /// for the right-associative `**`).
        mutating func reduce(before op: PythonBinaryOperator) -> Bool {
            let base = groups.last?.operatorBase ?? 0
            while operators.count > base, let top = operators.last {
                let binds = top.precedence > op.precedence || (top.precedence == op.precedence && !op.isRightAssociative)
                guard binds else { break }
                guard applyTop() else { return false }
            }
            return true
        }

        /// Applies every pending operator of the innermost group.
        mutating func reduceGroup() -> Bool {
            let base = groups.last?.operatorBase ?? 0
            while operators.count > base {
                guard applyTop() else { return false }
            }
            return true
        }

        mutating func applyTop() -> Bool {
            guard let top = operators.popLast(), let right = values.popLast() else { return false }
            let result: PyValue?
            switch top {
            case .unary(let op):
                result = op.apply(right)
            case .binary(let op):
                guard let left = values.popLast() else { return false }
                result = op.apply(left, right)
            }
            guard let value = result else { return false }
            values.append(value)
            return true
        }

        /// Replaces the innermost bracket's items by its value: a tuple, a list, or the
        /// single parenthesised value.
        mutating func closeGroup() -> Bool {
            guard groups.count > 1, let group = groups.popLast() else { return false }
            let items = Array(values[group.valueBase...])
            values.removeSubrange(group.valueBase...)
            if group.closer == "]" {
                push(.list(items))
            } else if group.sawComma || items.isEmpty {
                push(.tuple(items))
            } else if let single = items.first {
                push(single)
            }
            return true
        }

        /// The value of the whole expression, or `nil` if it is incomplete.
        mutating func finish() -> PyValue? {
            guard groups.count == 1, let group = groups.first else { return nil }
            if expectingOperand {
                // Only a trailing comma (`1,`) may end an expression without an operand.
                guard group.sawComma, operators.isEmpty else { return nil }
            } else {
                guard reduceGroup() else { return nil }
            }
            if group.sawComma { return .tuple(values) }
            return values.count == 1 ? values.first : nil
        }
    }
}
