extension FunctionSource {
    /// Lua's tokens of `source` with their lines, comments left out; nil when a string or a long bracket never
    /// closes. Enough of Lua's lexer to tell a keyword from the same letters in a string or a comment.
    static func tokenize(_ s: [UInt8]) -> [Token]? {
        var tokens: [Token] = []
        var i = 0, line = 1
        let n = s.count
        func at(_ k: Int) -> UInt8 { k < n ? s[k] : 0 }
        func isName(_ c: UInt8) -> Bool {
            (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c == 95
        }
        // The level of a long bracket opening at k (`[[` is 0, `[==[` is 2), or nil.
        func longOpen(_ k: Int) -> Int? {
            guard at(k) == 91 else { return nil }
            var j = k + 1, level = 0
            while at(j) == 61 { level += 1; j += 1 }
            return at(j) == 91 ? level : nil
        }
        // Skips a long bracket of `level` whose opening starts at k; the index after it, or nil.
        func skipLong(_ k: Int, _ level: Int) -> Int? {
            var j = k + level + 2
            while j < n {
                if s[j] == 10 { line += 1 }
                if s[j] == 93 {
                    var e = j + 1, l = 0
                    while at(e) == 61 { l += 1; e += 1 }
                    if l == level, at(e) == 93 { return e + 1 }
                }
                j += 1
            }
            return nil
        }
        if at(0) == 35 { while i < n, s[i] != 10 { i += 1 } }   // a first line "#!..."
        while i < n {
            let c = s[i]
            if c == 10 { line += 1; i += 1; continue }
            if c == 32 || c == 9 || c == 13 || c == 11 || c == 12 { i += 1; continue }
            let start = i, startLine = line
            if c == 45, at(i + 1) == 45 {   // a comment
                if let level = longOpen(i + 2) {
                    guard let after = skipLong(i + 2, level) else { return nil }
                    i = after
                } else {
                    while i < n, s[i] != 10 { i += 1 }
                }
                continue
            }
            if let level = longOpen(i) {
                guard let after = skipLong(i, level) else { return nil }
                i = after
                tokens.append(Token(kind: .string, start: start, end: i, line: startLine))
                continue
            }
            if c == 34 || c == 39 {
                i += 1
                while true {
                    guard i < n, s[i] != 10 else { return nil }
                    if s[i] == c { i += 1; break }
                    if s[i] == 92 {
                        i += 1
                        if at(i) == 10 { line += 1 }
                        if at(i) == 122 {   // \z skips the spaces and line breaks after it
                            i += 1
                            while i < n, [32, 9, 10, 13, 11, 12].contains(s[i]) { if s[i] == 10 { line += 1 }; i += 1 }
                            continue
                        }
                    }
                    i += 1
                }
                tokens.append(Token(kind: .string, start: start, end: i, line: startLine))
                continue
            }
            if (c >= 48 && c <= 57) || (c == 46 && at(i + 1) >= 48 && at(i + 1) <= 57) {
                while i < n, isName(s[i]) || s[i] == 46
                    || ((s[i] == 43 || s[i] == 45) && [101, 69, 112, 80].contains(s[i - 1])) { i += 1 }
                tokens.append(Token(kind: .number, start: start, end: i, line: startLine))
                continue
            }
            if isName(c) || c >= 128 {
                while i < n, isName(s[i]) || s[i] >= 128 { i += 1 }
                tokens.append(Token(kind: .name, start: start, end: i, line: startLine))
                continue
            }
            // Symbols: the three-byte `...` and the two-byte ones Lua has, else one byte.
            let three = i + 2 < n ? String(decoding: s[i...(i + 2)], as: UTF8.self) : ""
            let two = i + 1 < n ? String(decoding: s[i...(i + 1)], as: UTF8.self) : ""
            if three == "..." { i += 3 } else if ["==", "~=", "<=", ">=", "//", "::", "<<", ">>", ".."].contains(two) {
                i += 2
            } else { i += 1 }
            tokens.append(Token(kind: .symbol, start: start, end: i, line: startLine))
        }
        return tokens
    }
}
