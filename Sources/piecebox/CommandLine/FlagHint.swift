import LuaHost

/// The hint for a flag a command does not know, from its flag table (run, explore) or the flags its help lists: `--jbos` is a slip of `--jobs` by
/// the same rule as a misspelt option or member (`NearName`), so one rule decides every "did you mean".
enum FlagHint {
    /// Every flag a help text lists: the words starting with "-" at the start of its option lines ("-h, --help").
    static func flags(in help: String) -> [String] {
        var flags: [String] = []
        for line in help.split(separator: "\n") {
            // A usage line names its flags in brackets: `[--tolerance T]`.
            if line.drop(while: { $0 == " " }).hasPrefix("Usage:") {
                for word in line.split(whereSeparator: { $0 == " " || $0 == "[" || $0 == "]" }) where word.hasPrefix("--") {
                    flags.append(String(word.prefix { $0 != "]" }))
                }
                continue
            }
            var rest = line.drop { $0 == " " }
            while rest.first == "-" {
                let word = rest.prefix { $0 != " " && $0 != "," }
                flags.append(String(word))
                rest = rest.dropFirst(word.count).drop { $0 == "," || $0 == " " }
            }
        }
        return flags
    }

    /// "; did you mean --jobs?" for the listed flag `typed` was probably meant to be, or "". Names are compared
    /// without their dashes, so `-jobs` and `--jobs=2` point at `--jobs` too.
    static func hint(for typed: String, help: String) -> String {
        hint(for: typed, among: flags(in: help))
    }

    /// The hint among the flags `known` (a command's flag table names them: `Flags.hintNames`).
    static func hint(for typed: String, among flags: [String]) -> String {
        let known = flags.filter { $0.hasPrefix("--") }
        let bare = { (flag: Substring) in String(flag.drop { $0 == "-" }) }
        let name = bare(typed.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)[0])
        let names = known.map { bare($0[...]) }
        guard let match = names.contains(name) ? name : NearName.nearest(to: name, among: names) else { return "" }
        let written = typed.contains("=") && names.contains(name) ? " (its value after a space, not =)" : ""
        return "; did you mean --\(match)?\(written)"
    }
}
