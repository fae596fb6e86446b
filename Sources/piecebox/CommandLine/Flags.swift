import LuaHost

/// The commands, each reading its flags from a table (`CommandTables` lists them).
enum FlagCommand: String, CaseIterable, Sendable {
    case run, explore, film, diff, stubs
    case initProject = "init"

    /// Where a command's help starts its words: the column after the widest flag it lists.
    var helpColumn: Int {
        switch self {
        case .run, .film: 25
        case .explore, .initProject: 16
        case .diff, .stubs: 24
        }
    }
}

/// One flag, as every surface sees it: the parser, `--help`, the near-name hint and the docs' option table all read
/// this and nothing else, so a flag cannot be parsed without being listed, or listed with another name.
///
/// Adding a flag is adding one entry to its table (`RunFlags.table` for `run` and `explore`): names, value,
/// commands, help lines and what it does.
struct Flag<Target>: Sendable {
    /// The names it is typed as: `["--jobs"]`, `["-h", "--help"]`.
    let names: [String]
    /// What its value is called in the help (`N`, `DIR`); nil for a flag that takes no value.
    let value: String?
    /// The commands that take it.
    let commands: Set<FlagCommand>
    /// What each command's help says of it, line by line as it is shown; a command not here does not list it (an
    /// internal flag, or `explore`, which lists only its own and says `run`'s work too).
    let help: [FlagCommand: [String]]
    /// The docs' option table's words (Markdown, one line), when they say more than the help (a link); nil: the
    /// help's lines joined.
    let docs: String?
    /// What a missing value is called in its error ("--out needs one folder"); nil: "a value".
    let needs: String?
    /// Reads the value (`""` for a flag without one) into the target; refuses a bad value with the message to show.
    let apply: @Sendable (inout Target, String) throws(UsageError) -> Void

    init(_ names: [String], _ value: String? = nil, _ commands: Set<FlagCommand>, help: [FlagCommand: [String]],
         docs: String? = nil, needs: String? = nil, apply: @escaping @Sendable (inout Target, String) throws(UsageError) -> Void) {
        self.names = names
        self.value = value
        self.commands = commands
        self.help = help
        self.docs = docs
        self.needs = needs
        self.apply = apply
    }

    /// The same flag, reading into a part of a larger target (`RunOptions` inside `RunCommand`).
    func lifted<Whole>(_ path: WritableKeyPath<Whole, Target> & Sendable, commands more: Set<FlagCommand> = []) -> Flag<Whole> {
        let apply = self.apply
        return Flag<Whole>(names, value, commands.union(more), help: help, docs: docs, needs: needs) { (whole: inout Whole, text: String) throws(UsageError) in
            try apply(&whole[keyPath: path], text)
        }
    }

    /// The names and value as the help and the docs show them: `-h, --help`, `--jobs N`.
    var label: String { names.joined(separator: ", ") + (value.map { " " + $0 } ?? "") }
}

/// Reading, listing and hinting from a table of flags.
enum Flags {
    /// The flag of `table` that `command` takes under the name `typed`, if any.
    static func find<T>(_ typed: String, in table: [Flag<T>], for command: FlagCommand) -> Flag<T>? {
        table.first { $0.commands.contains(command) && $0.names.contains(typed) }
    }

    /// Reads `args[i]` if it is a flag of `table` for `command`, with its value from `args[i + 1]` (moving `i` past
    /// it); false when it is not one.
    static func read<T>(_ args: [String], at i: inout Int, into target: inout T, table: [Flag<T>],
                        for command: FlagCommand) throws(UsageError) -> Bool {
        let typed = args[i]
        guard let flag = find(typed, in: table, for: command) else { return false }
        var text = ""
        if flag.value != nil {
            i += 1
            guard i < args.count else { throw UsageError("\(typed) needs \(flag.needs ?? "a value")") }
            text = args[i]
        }
        try flag.apply(&target, text)
        return true
    }

    /// Reads a whole command line: each flag of `table` for `command` by its entry, every other word that does not
    /// start with "-" as an operand; anything else is refused with the near-name hint from the same table.
    static func parse<T>(_ args: [String], into target: inout T, table: [Flag<T>], for command: FlagCommand,
                         operand: (inout T, String) throws(UsageError) -> Void) throws(UsageError) {
        var i = 0
        while i < args.count {
            let a = args[i]
            if try read(args, at: &i, into: &target, table: table, for: command) { i += 1; continue }
            if a.hasPrefix("-") {
                throw UsageError("unknown option \(a)\(FlagHint.hint(for: a, among: hintNames(table, for: command)))")
            }
            try operand(&target, a)
            i += 1
        }
    }

    /// The option lines of `command`'s help: each listed flag's label, then its lines from the command's column.
    static func helpLines<T>(_ table: [Flag<T>], for command: FlagCommand, column: Int? = nil) -> String {
        let column = column ?? command.helpColumn
        var out: [String] = []
        for flag in table {
            guard let lines = flag.help[command], let first = lines.first else { continue }
            let label = "  " + flag.label
            let pad = max(1, column - label.count)
            out.append(label + String(repeating: " ", count: pad) + first)
            out += lines.dropFirst().map { String(repeating: " ", count: column) + $0 }
        }
        return out.joined(separator: "\n")
    }

    /// The near-name hint's candidates for `command`: the names of the flags it takes that some help lists (an
    /// internal or a removed flag is never suggested).
    static func hintNames<T>(_ table: [Flag<T>], for command: FlagCommand) -> [String] {
        table.filter { $0.commands.contains(command) && !$0.help.isEmpty }.flatMap(\.names)
    }

    /// The docs' Markdown table of `command`'s flags: `| option | meaning |`, one row per listed flag.
    static func markdown<T>(_ table: [Flag<T>], for command: FlagCommand) -> String {
        var rows = ["| option | meaning |", "| --- | --- |"]
        for flag in table {
            guard let lines = flag.help[command] else { continue }
            let words = flag.docs ?? lines.joined(separator: " ")
            rows.append("| `\(flag.label)` | \(words) |")
        }
        return rows.joined(separator: "\n")
    }
}
