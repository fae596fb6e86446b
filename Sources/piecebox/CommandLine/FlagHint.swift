import LuaHost

/// The hint for a flag a command does not know, from its flag table (`Flags.hintNames`): `--jbos` is a slip of
/// `--jobs` by the same rule as a misspelt option or member (`NearName`), so one rule decides every "did you mean".
enum FlagHint {
    /// "; did you mean --jobs?" for the flag among `flags` that `typed` was probably meant to be, or "". Names are
    /// compared without their dashes, so `-jobs` and `--jobs=2` point at `--jobs` too.
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
