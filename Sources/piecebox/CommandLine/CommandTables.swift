import LuaHost

/// Every command's flag table, by command, for what needs no command's target type: the docs' option tables
/// (`piecebox help --options-table COMMAND`, kept equal to the docs by `FlagTableTests`).
enum CommandTables {
    /// The Markdown option table of `command`, made from its one flag table.
    static func markdown(for command: FlagCommand) -> String {
        switch command {
        case .run, .explore: Flags.markdown(RunFlags.table, for: command)
        case .film: Flags.markdown(FilmMain.flags, for: .film)
        case .diff: Flags.markdown(DiffMain.flags, for: .diff)
        case .stubs: Flags.markdown(StubsMain.flags, for: .stubs)
        case .initProject: Flags.markdown(InitMain.flags, for: .initProject)
        }
    }

    /// Every name `command` takes as a flag, listed or not (the check that no command parses a flag by hand).
    static func names(for command: FlagCommand) -> [String] {
        switch command {
        case .run, .explore: RunFlags.table.filter { $0.commands.contains(command) }.flatMap(\.names)
        case .film: FilmMain.flags.flatMap(\.names)
        case .diff: DiffMain.flags.flatMap(\.names)
        case .stubs: StubsMain.flags.flatMap(\.names)
        case .initProject: InitMain.flags.flatMap(\.names)
        }
    }

    /// The option lines of `command`'s help.
    static func helpLines(for command: FlagCommand) -> String {
        switch command {
        case .run, .explore: Flags.helpLines(RunFlags.table, for: command)
        case .film: Flags.helpLines(FilmMain.ownFlags, for: .film, column: 21)
        case .diff: Flags.helpLines(DiffMain.flags, for: .diff)
        case .stubs: Flags.helpLines(StubsMain.flags, for: .stubs)
        case .initProject: Flags.helpLines(InitMain.flags, for: .initProject)
        }
    }

    /// The names `command`'s near-name hint offers.
    static func hintNames(for command: FlagCommand) -> [String] {
        switch command {
        case .run, .explore: Flags.hintNames(RunFlags.table, for: command)
        case .film: Flags.hintNames(FilmMain.flags, for: .film)
        case .diff: Flags.hintNames(DiffMain.flags, for: .diff)
        case .stubs: Flags.hintNames(StubsMain.flags, for: .stubs)
        case .initProject: Flags.hintNames(InitMain.flags, for: .initProject)
        }
    }
}
