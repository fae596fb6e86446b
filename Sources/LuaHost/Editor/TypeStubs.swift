/// Lua type stubs for lua-language-server (a `---@meta` file), generated from `BindingRegistry` and
/// `ScriptGlobals`, so an editor completes every type, method, reading and option a scenario can use and the stubs
/// cannot drift from the bindings. The registry names members but not what they take or give: those are written
/// `any`, and a type is named only where the registry's `made` says which call gives it.
public enum TypeStubs {
    /// The stub file's name: not `piecebox.lua` (that names a project file) and not a module name for `require`.
    public static let fileName = "piecebox-api.lua"

    /// The command that rewrites the repository's committed stubs.
    public static let regenerateCommand = "piecebox stubs --out examples/types"

    /// The stub files, by name (one today).
    public static func files() -> [(name: String, text: String)] { [(fileName, text())] }

    /// The Lua type names, prefixed so they never clash with a project's own classes.
    static func typeName(_ entry: String) -> String { "piecebox." + entry }
    static func optionsName(_ entry: String) -> String { "piecebox." + entry + "Options" }

    /// The whole stub file.
    public static func text() -> String {
        let returns = Returns.read(from: BindingRegistry.entries)
        var out = StubWriter()
        out.line("---@meta")
        out.line("-- PieceBox's Lua API for lua-language-server, generated from the binding registry and the test")
        out.line("-- framework by `piecebox stubs`; do not edit it. After changing a binding, run: \(regenerateCommand)")
        out.line("-- The registry names each type's options, methods and readings but not what they take or give, so")
        out.line("-- those are `any` below; a type is named only where the registry says which call gives it.")
        out.line("")
        out.line("-- Types scripts hold (the binding registry).")
        for entry in BindingRegistry.entries { writeEntry(entry, returns: returns, into: &out) }
        out.line("")
        out.line("-- Globals.")
        for entry in BindingRegistry.entries {
            guard case .global(let name) = entry.made else { continue }
            out.line("")
            out.line("---`\(name){...}` makes a `\(entry.name)`.")
            out.line("---@param options? \(entry.optionKeys.isEmpty ? "table" : optionsName(entry.name))")
            out.line("---@return \(typeName(entry.name))")
            out.line("function \(name)(options) end")
        }
        for library in ScriptGlobals.libraries {
            writeLibrary(library, path: library.name, returns: returns, into: &out)
            out.line("")
            out.line("---@type \(typeName(library.name))")
            out.line("\(library.name) = {}")
        }
        writeTestFramework(into: &out)
        return out.text
    }

    // MARK: Registry entries

    static func writeEntry(_ entry: BindingEntry, returns: Returns, into out: inout StubWriter) {
        let type = typeName(entry.name)
        out.line("")
        out.line("---`\(entry.name)`: \(madeDescription(entry))." + (entry.pluginsMayExtend ? " Plugins may add methods." : ""))
        out.line("---@class \(type)")
        for reading in entry.readings { out.line("---@field \(reading) any # read-only") }
        if entry.answersAnyName { out.line("---@field [string] any # any name it knows answers") }
        let constructors = Set(BindingRegistry.entries.filter { $0.made == .stageMethod }.map(\.name))
        for method in entry.methods where entry.name != "stage" || !constructors.contains(method) {
            let result = returns.methods[entry.name]?[method].map(typeName) ?? "any"
            out.line("---@field \(method) fun(self: \(type), ...: any): \(result)")
        }
        if entry.name == "stage" {
            for made in BindingRegistry.entries where made.made == .stageMethod {
                out.line("---@field \(made.name) fun(self: \(type), options?: \(optionsName(made.name))): \(typeName(made.name))")
            }
        }
        guard !entry.optionKeys.isEmpty else { return }
        out.line("")
        out.line("---The options table that makes a `\(entry.name)`.")
        out.line("---@class \(optionsName(entry.name))")
        for key in entry.optionKeys { out.line("---@field \(key)? any") }
    }

    static func madeDescription(_ entry: BindingEntry) -> String {
        switch entry.made {
        case .global(let name): return "made by `\(name){...}`"
        case .stageMethod: return "made by `s:\(entry.name){...}` on a stage"
        case .returnedBy(let calls): return "given by " + calls.map { "`\($0)`" }.joined(separator: ", ")
        }
    }

    // MARK: Libraries

    /// A library table as a class, and its nested tables after it.
    static func writeLibrary(_ library: ScriptGlobals.Library, path: String, returns: Returns, into out: inout StubWriter) {
        var after: [(ScriptGlobals.Library, String)] = []
        var special: [(path: String, base: String, member: String)] = []
        out.line("")
        out.line("---The `\(path)` table.")
        out.line("---@class \(typeName(path))")
        for function in library.functions {
            let full = path + "." + function
            let result = returns.functions[full].map(typeName) ?? "any"
            let parameters = returns.takesOptions.contains(full)
                ? returns.functions[full].map { "options: \(optionsName($0))" } ?? "...: any" : "...: any"
            out.line("---@field \(function) fun(\(parameters)): \(result)")
        }
        for value in library.values {
            let full = path + "." + value
            let own = returns.values[full] ?? returns.everyMember[path]
            let member = returns.anyMember[full]
            switch (own, member) {
            case (let base?, let member?):
                special.append((full, base, member))
                out.line("---@field \(value) \(typeName(full))")
            case (let base?, nil): out.line("---@field \(value) \(typeName(base))")
            case (nil, let member?): out.line("---@field \(value) table<string, \(typeName(member))>")
            case (nil, nil): out.line("---@field \(value) any")
            }
        }
        for table in library.tables {
            out.line("---@field \(table.name) \(typeName(path + "." + table.name))")
            after.append((table, path + "." + table.name))
        }
        for (full, base, member) in special {
            out.line("")
            out.line("---`\(full)`: a `\(base)` whose every name gives a `\(member)`.")
            out.line("---@class \(typeName(full)): \(typeName(base))")
            out.line("---@field [string] \(typeName(member))")
        }
        for (table, full) in after { writeLibrary(table, path: full, returns: returns, into: &out) }
    }

    // MARK: The test framework

    static func writeTestFramework(into out: inout StubWriter) {
        out.line("")
        out.line("-- The test framework.")
        out.line("")
        out.line("---Declares tests or a group: call it, or its `.only` (only such tests run) or `.skip`.")
        out.line("---@class piecebox.declarer")
        out.line("---@overload fun(...: any)")
        out.line("---@field only fun(...: any)")
        out.line("---@field skip fun(...: any)")
        for name in ScriptGlobals.declarers {
            out.line("")
            out.line("---@type piecebox.declarer")
            out.line("\(name) = {}")
        }
        for name in ScriptGlobals.functions {
            out.line("")
            out.line("---@param ... any")
            out.line("function \(name)(...) end")
        }
        out.line("")
        out.line("---What `expect(value)` gives: its matchers, called `expect(x).toBe(1)` or `expect(x):toBe(1)`, and")
        out.line("---`.never`, which negates them. Matchers added with `expectExtend` are not listed.")
        out.line("---@class piecebox.expectation")
        out.line("---@field never piecebox.expectation")
        for matcher in ScriptGlobals.matchers { out.line("---@field \(matcher) fun(...: any)") }
        out.line("")
        out.line("---@param value any")
        out.line("---@return piecebox.expectation")
        out.line("function expect(value) end")
        out.line("")
        out.line("---Values over time: `series(values[, times])`, and what `s:frames()` gives.")
        out.line("---@class piecebox.series")
        for method in ScriptGlobals.seriesMethods { out.line("---@field \(method) fun(self: piecebox.series, ...: any): any") }
        out.line("")
        out.line("---@param ... any")
        out.line("---@return piecebox.series")
        out.line("function series(...) end")
    }
}

/// The stub text, line by line.
struct StubWriter {
    private(set) var text = ""
    mutating func line(_ s: String) { text += s + "\n" }
}

/// What the registry's `made` strings say a call gives. Forms: `<kind>:method(...)` or `name:method(...)` (a
/// method; `<piece>` is every type made on a stage), `lib.f{...}` (a function taking a table: the type's options,
/// when it has any), `lib.f(...)`, `lib.table` (a value), `lib.table.<name>` (whatever that table answers for a
/// name), `lib.table.*` (each of its members).
struct Returns {
    var methods: [String: [String: String]] = [:]
    var functions: [String: String] = [:]
    var takesOptions: Set<String> = []
    var values: [String: String] = [:]
    var anyMember: [String: String] = [:]
    var everyMember: [String: String] = [:]
    /// Strings that name no method or library member: the registry has a typo, or a binding was renamed.
    var unresolved: [String] = []

    static func read(from entries: [BindingEntry]) -> Returns {
        var r = Returns()
        for entry in entries {
            guard case .returnedBy(let calls) = entry.made else { continue }
            for call in calls where !r.resolve(call, gives: entry.name, entries: entries) { r.unresolved.append(call) }
        }
        return r
    }

    private mutating func resolve(_ call: String, gives type: String, entries: [BindingEntry]) -> Bool {
        if let colon = call.firstIndex(of: ":") {
            let receiver = String(call[..<colon])
            let method = String(call[call.index(after: colon)...].prefix { $0 != "(" && $0 != "{" })
            let kind = receiver.hasPrefix("<") && receiver.hasSuffix(">") ? String(receiver.dropFirst().dropLast()) : receiver
            let targets = kind == "piece" && receiver != kind
                ? entries.filter { $0.made == .stageMethod && $0.methods.contains(method) }
                : entries.filter { $0.name == kind && $0.methods.contains(method) }
            for target in targets { methods[target.name, default: [:]][method] = type }
            return !targets.isEmpty
        }
        for (suffix, options) in [("{...}", true), ("(...)", false), ("()", false)] where call.hasSuffix(suffix) {
            let path = String(call.dropLast(suffix.count))
            guard Self.member(path).map({ $0.library.functions.contains($0.name) }) == true else { return false }
            functions[path] = type
            // Called with a table, and the type has a constructor's options: that table is them (motion.spring{...}).
            if options, entries.first(where: { $0.name == type })?.optionKeys.isEmpty == false { takesOptions.insert(path) }
            return true
        }
        let last = call.split(separator: ".").last.map(String.init) ?? call
        let parent = String(call.dropLast(last.count + 1))
        if last == "*" {
            guard Self.member(parent).map({ $0.library.tables.map(\.name).contains($0.name) }) == true else { return false }
            everyMember[parent] = type
            return true
        }
        if last.hasPrefix("<") && last.hasSuffix(">") {
            guard Self.member(parent).map({ $0.library.values.contains($0.name) }) == true else { return false }
            anyMember[parent] = type
            return true
        }
        guard Self.member(call).map({ $0.library.values.contains($0.name) }) == true else { return false }
        values[call] = type
        return true
    }

    /// The library table holding the last name of a dotted path, and that name.
    static func member(_ path: String) -> (library: ScriptGlobals.Library, name: String)? {
        let parts = path.split(separator: ".").map(String.init)
        guard parts.count >= 2, var library = ScriptGlobals.libraries.first(where: { $0.name == parts[0] }) else { return nil }
        for part in parts.dropFirst().dropLast() {
            guard let next = library.tables.first(where: { $0.name == part }) else { return nil }
            library = next
        }
        return (library, parts[parts.count - 1])
    }
}
