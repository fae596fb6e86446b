/// The exact text of a Lua function in its chunk's source, for the minimal scenario an exploration writes. Lua's
/// debug information gives only the lines a function starts and ends on; the source is read token by token (so a
/// `function` or an `end` inside a string or a comment is not one), from the `function` keyword on the first line
/// to the `end` that closes it, which must be on the last. When that does not single the function out (two of the
/// same shape start and end on the same lines), nothing is copied and the reason is given.
enum FunctionSource {
    /// What the parser says of the function: its lines and its parameters.
    struct Shape {
        let first: Int
        let last: Int
        let params: Int
        let vararg: Bool
    }

    /// A token: its kind, its bytes' range and the line it starts on.
    struct Token {
        enum Kind: UInt8 { case name, string, number, symbol }
        let kind: Kind
        let startOffset: Int32
        let endOffset: Int32
        let lineNumber: Int32
        var start: Int { Int(startOffset) }
        var end: Int { Int(endOffset) }
        var line: Int { Int(lineNumber) }

        init(kind: Kind, start: Int, end: Int, line: Int) {
            self.kind = kind
            startOffset = Int32(truncatingIfNeeded: start)
            endOffset = Int32(truncatingIfNeeded: end)
            lineNumber = Int32(truncatingIfNeeded: line)
        }
    }

    /// The function's text as a value (`function(a, b) ... end`: a name it was declared with is left out, a
    /// method's `self` written out), or why it cannot be given.
    static func text(in source: [UInt8], shape: Shape) -> Result<String, Refusal> {
        // Offsets are kept in 32 bits: a file of 2 GiB or more is not read (no scenario is).
        guard source.count < Int(Int32.max) else { return .failure(Refusal("its file is too large to read")) }
        guard let tokens = tokenize(source) else { return .failure(Refusal("its file could not be read as Lua")) }
        var found: [String] = []
        for (i, t) in tokens.enumerated() where t.line == shape.first && word(t, source) == "function" {
            guard let close = closing(tokens, from: i, source), tokens[close].line == shape.last,
                  let value = asValue(tokens, from: i, to: close, source), value.params == shape.params,
                  value.vararg == shape.vararg else { continue }
            found.append(value.text)
        }
        switch found.count {
        case 1: return .success(found[0])
        case 0: return .failure(Refusal("its text was not found on lines \(shape.first) to \(shape.last)"))
        default:
            return .failure(Refusal("\(found.count) functions of the same shape start on line \(shape.first) and end on line \(shape.last): which one it is cannot be told"))
        }
    }

    /// Why a function's text is not given.
    struct Refusal: Error, Equatable {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }

    static func word(_ t: Token, _ source: [UInt8]) -> String? {
        guard t.kind == .name else { return nil }
        return String(decoding: source[t.start..<t.end], as: UTF8.self)
    }

    /// The token that closes the block `function` at `start` opens: every `function`, `if`, `do` and `repeat`
    /// opens one, every `end` and `until` closes one (`while`'s and `for`'s are their `do`).
    static func closing(_ tokens: [Token], from start: Int, _ source: [UInt8]) -> Int? {
        var depth = 0
        for i in start..<tokens.count {
            switch word(tokens[i], source) {
            case "function", "if", "do", "repeat": depth += 1
            case "end", "until":
                depth -= 1
                if depth == 0 { return word(tokens[i], source) == "end" ? i : nil }
            default: break
            }
        }
        return nil
    }

    /// `function name.field:method(a, ...) body end` as `function(self, a, ...) body end`, with its parameters.
    static func asValue(_ tokens: [Token], from start: Int, to close: Int, _ source: [UInt8])
        -> (text: String, params: Int, vararg: Bool)? {
        var i = start + 1
        var method = false
        // A declared name: Name {'.' Name} [':' Name].
        if i < close, tokens[i].kind == .name {
            i += 1
            while i + 1 < close, tokens[i].kind == .symbol, [".", ":"].contains(symbol(tokens[i], source)) {
                if symbol(tokens[i], source) == ":" { method = true }
                i += 2
            }
        }
        guard i < close, symbol(tokens[i], source) == "(" else { return nil }
        let open = i
        var params = method ? 1 : 0, vararg = false
        i += 1
        while i < close, symbol(tokens[i], source) != ")" {
            if tokens[i].kind == .name { params += 1 }
            if symbol(tokens[i], source) == "..." { vararg = true }
            i += 1
        }
        guard i < close else { return nil }
        let head = method ? (tokens[open + 1].start == tokens[i].start ? "(self" : "(self, ") : "("
        let rest = String(decoding: source[(tokens[open].start + 1)..<tokens[close].end], as: UTF8.self)
        return ("function" + head + rest, params, vararg)
    }

    static func symbol(_ t: Token, _ source: [UInt8]) -> String? {
        guard t.kind == .symbol else { return nil }
        return String(decoding: source[t.start..<t.end], as: UTF8.self)
    }
}
