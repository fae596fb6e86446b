/// Lua type stubs for lua-language-server (a `---@meta` file), generated from `BindingRegistry`, the declarations
/// each binding makes where it installs its members (arguments, returns, readings, options, each with a doc) and
/// `ScriptGlobals`, so an editor completes every type, method, reading and option a scenario can use, with their
/// real parameter and return types, and the stubs cannot drift from the bindings.
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
        out.line("-- PieceBox's Lua API for lua-language-server, generated from the binding registry, the bindings'")
        out.line("-- declarations and the test framework by `piecebox stubs`; do not edit it. After changing a binding,")
        out.line("-- run: \(regenerateCommand)")
        out.line("")
        out.line("-- Types scripts hold (the binding registry).")
        for entry in BindingRegistry.entries { writeEntry(entry, into: &out) }
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
        HandlerTypes.write(into: &out)
        writeTestFramework(into: &out)
        return out.text
    }

    // MARK: Registry entries

    static func writeEntry(_ entry: BindingEntry, into out: inout StubWriter) {
        let type = typeName(entry.name)
        let declaration = entry.declaration
        out.line("")
        out.line("---`\(entry.name)`: \(madeDescription(entry))." + (entry.pluginsMayExtend ? " Plugins may add methods." : ""))
        out.line("---@class \(type)")
        for reading in declaration.readings {
            out.line("---@field \(reading.name) \(reading.type) # \(described(reading.doc, unit: reading.unit)); read-only")
        }
        if let any = declaration.anyName { out.line("---@field [string] \(any.type) # \(any.doc)") }
        for method in declaration.methods {
            out.line("---@field \(method.name) \(signature(method, receiver: type)) # \(method.doc)")
        }
        guard !entry.optionKeys.isEmpty else { return }
        out.line("")
        out.line("---The options table that makes a `\(entry.name)`.")
        out.line("---@class \(optionsName(entry.name))")
        for spec in entry.binding.options {
            out.line("---@field \(spec.name)\(spec.required ? "" : "?") \(spec.type) # \(described(spec))")
        }
    }

    /// `fun(self: piecebox.stage, seconds: number, options?: table): integer`: a method's or function's type.
    static func signature(_ method: MethodSpec, receiver: String? = nil) -> String {
        let parameters = (receiver.map { ["self: \($0)"] } ?? [])
            + method.args.map { "\($0.name)\($0.optional ? "?" : ""): \(stubType($0))" }
        return "fun(\(parameters.joined(separator: ", ")))" + (method.returns.map { ": \($0)" } ?? "")
    }

    /// An argument's type as the editor checks it: a string with declared choices is the union of those strings.
    static func stubType(_ arg: ArgumentSpec) -> String {
        guard arg.type == "string", let choices = arg.choices else { return arg.type }
        return choices.map { "\"\($0)\"" }.joined(separator: "|")
    }

    /// A doc with its unit: "The playhead now (s)".
    static func described(_ doc: String, unit: String?) -> String { doc + (unit.map { " (\($0))" } ?? "") }

    /// An option's doc with its unit, range and default: "How long ... (s; above 0; default 0.5)".
    static func described(_ spec: OptionSpec) -> String {
        let notes = [spec.unit, spec.range, spec.defaultValue.map { "default \($0)" }].compactMap { $0 }
        return spec.doc + (notes.isEmpty ? "" : " (\(notes.joined(separator: "; ")))")
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
        let declared = BindingRegistry.libraryFunctions(path)
        for function in library.functions {
            guard let spec = declared.first(where: { $0.name == function }) else {
                out.line("---@field \(function) fun(...: any): any")
                continue
            }
            out.line("---@field \(function) \(signature(spec)) # \(spec.doc)")
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

    /// `explore(name, exploration)`, its table and the draws its actions are handed (explore.lua).
    static func writeExplore(into out: inout StubWriter) {
        out.line("")
        out.line("---The draws of an exploration's action: every random choice goes through them, so a run replays and shrinks.")
        out.line("---@class piecebox.gen")
        out.line("---@field number fun(lo: number, hi: number): number")
        out.line("---@field integer fun(lo: integer, hi: integer): integer")
        out.line("---@field bool fun(): boolean")
        out.line("---@field pick fun(list: any[]): any")
        out.line("---@field assume fun(condition: any)")
        out.line("")
        out.line("---@class piecebox.exploration")
        out.line("---@field setup fun(): piecebox.stage, table")
        out.line("---@field actions table<string, fun(s: piecebox.stage, w: table, gen: piecebox.gen)>")
        out.line("---@field invariants? table")
        out.line("---@field check? fun(s: piecebox.stage, w: table)")
        out.line("---@field steps? integer")
        out.line("---@field runs? integer")
        out.line("---@field gap? number|number[]")
        out.line("---@field settle? number")
        out.line("---@field maxFrames? integer")
        out.line("")
        out.line("---Declares an exploration: call it, or its `.only` or `.skip`.")
        out.line("---@class piecebox.explorer")
        out.line("---@overload fun(name: string, exploration: piecebox.exploration)")
        out.line("---@field only fun(name: string, exploration: piecebox.exploration)")
        out.line("---@field skip fun(name: string, exploration: piecebox.exploration)")
        out.line("")
        out.line("---@type piecebox.explorer")
        out.line("explore = {}")
    }

    static func writeTestFramework(into out: inout StubWriter) {
        out.line("")
        out.line("-- The test framework.")
        out.line("")
        out.line("---Declares tests or a group: call it, or its `.only` (only such tests run) or `.skip`; `.each(rows, name, fn)`")
        out.line("---declares one a row (a list row is spread into the name's `%s` and the function's arguments).")
        out.line("---@class piecebox.declarer")
        out.line("---@overload fun(...: any)")
        out.line("---@field only fun(...: any)")
        out.line("---@field skip fun(...: any)")
        out.line("---@field each fun(rows: any[], name: string, ...: any)")
        writeExplore(into: &out)
        for name in ScriptGlobals.declarers where name != "explore" {
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
        for matcher in ScriptGlobals.matchers {
            out.line("---@field \(matcher.name) fun(\(matcher.parameters.joined(separator: ", ")))")
        }
        out.line("")
        out.line("---@param value any")
        out.line("---@return piecebox.expectation")
        out.line("function expect(value) end")
        out.line("")
        out.line("---Values over time: `series(values[, times])`, and what `s:frames()` gives.")
        out.line("---@class piecebox.series")
        for method in ScriptGlobals.seriesMethods {
            let list = (["self: piecebox.series"] + method.parameters).joined(separator: ", ")
            out.line("---@field \(method.name) fun(\(list)): \(method.returns ?? "any")")
        }
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

/// What the registry's `made` strings say a call gives, held to the declarations. Forms: `<kind>:method(...)` or
/// `name:method(...)` (a method, whose declared return must name the type; `<piece>` is every type made on a stage
/// that has the method), `lib.f{...}` or `lib.f(...)` (a library function, the same), `lib.table` (a value),
/// `lib.table.<name>` (whatever that table answers for a name), `lib.table.*` (each of its members). Methods and
/// functions are typed from their declarations; the values are typed from here.
struct Returns {
    var values: [String: String] = [:]
    var anyMember: [String: String] = [:]
    var everyMember: [String: String] = [:]
    /// Strings that name no method or library member, or one whose declaration does not give the type: the registry
    /// has a typo, or a binding was renamed or retyped.
    var unresolved: [String] = []

    static func read(from entries: [BindingEntry]) -> Returns {
        var r = Returns()
        for entry in entries {
            guard case .returnedBy(let calls) = entry.made else { continue }
            for call in calls where !r.resolve(call, gives: entry.name, entries: entries) { r.unresolved.append(call) }
        }
        return r
    }

    /// Whether a declared return (`piecebox.series|integer`) names `type` among its alternatives.
    static func gives(_ returns: String?, _ type: String) -> Bool {
        returns.map { $0.split(separator: "|").contains { $0 == Substring(TypeStubs.typeName(type)) } } ?? false
    }

    private mutating func resolve(_ call: String, gives type: String, entries: [BindingEntry]) -> Bool {
        if let colon = call.firstIndex(of: ":") {
            let receiver = String(call[..<colon])
            let method = String(call[call.index(after: colon)...].prefix { $0 != "(" && $0 != "{" })
            let kind = receiver.hasPrefix("<") && receiver.hasSuffix(">") ? String(receiver.dropFirst().dropLast()) : receiver
            let candidates = kind == "piece" && receiver != kind
                ? entries.filter { $0.made == .stageMethod && $0.methods.contains(method) }
                : entries.filter { $0.name == kind }
            return !candidates.isEmpty && candidates.allSatisfy { Self.gives($0.declaration.method(method)?.returns, type) }
        }
        for suffix in ["{...}", "(...)", "()"] where call.hasSuffix(suffix) {
            let path = String(call.dropLast(suffix.count))
            let parts = path.split(separator: ".").map(String.init)
            guard parts.count == 2, let spec = BindingRegistry.libraryFunctions(parts[0]).first(where: { $0.name == parts[1] })
            else { return false }
            return Self.gives(spec.returns, type)
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
