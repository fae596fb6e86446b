/// The API reference (docs/api.md): every type a script holds, its options, methods and readings, and the library
/// functions, written from the same declarations as the editor stubs, so the reference cannot drift from the
/// bindings either. A test holds the committed copy to what `piecebox stubs --reference` prints.
public enum APIReference {
    /// Where the repository keeps it, and the command that rewrites it.
    public static let path = "docs/api.md"
    public static let regenerateCommand = "piecebox stubs --reference > docs/api.md"

    /// The whole reference, in Markdown.
    public static func text() -> String {
        var out = StubWriter()
        out.line("# PieceBox's Lua API")
        out.line("")
        out.line("Generated from the bindings' declarations by `piecebox stubs --reference`; do not edit it. After")
        out.line("changing a binding, run: `\(regenerateCommand)`. Types are written as lua-language-server writes")
        out.line("them (`T?` may be nil, `A|B` either); an argument's unit, bounds, choices and default follow it in")
        out.line("brackets (`[s; at least 0; default 0.35]`), and a call refuses what they rule out.")
        out.line("")
        out.line("Types: " + BindingRegistry.entries.map { "[`\($0.name)`](#\($0.name.lowercased()))" }.joined(separator: ", ")
            + ". Libraries: " + ScriptGlobals.libraries.map { "[`\($0.name)`](#\($0.name))" }.joined(separator: ", ") + ".")
        out.line("Also: [the test framework](#the-test-framework), [`expect` and series](#expect-and-series),"
            + " [`explore` and `gen`](#explore), [motion's tiers and roles](#motions-tiers-and-roles),"
            + " [parts and frame elements](#parts-and-frame-elements).")
        for entry in BindingRegistry.entries { writeEntry(entry, into: &out) }
        for library in ScriptGlobals.libraries { writeLibrary(library, into: &out) }
        writeTestGlobals(into: &out)
        writeFramework(into: &out)
        writeExplore(into: &out)
        writeTokens(into: &out)
        writePieces(into: &out)
        return out.text
    }

    /// The matchers and a series' methods, typed as `expect.lua` declares them on their defining lines.
    static func writeFramework(into out: inout StubWriter) {
        out.line("")
        out.line("## expect and series")
        out.line("")
        out.line("Matchers (`expect(value).name(...)`, and `.never.name(...)`):")
        out.line("")
        for m in ScriptGlobals.matchers { out.line("- `\(m.name)(\(m.parameters.joined(separator: ", ")))`") }
        out.line("")
        out.line("A series' methods (`series(values[, times])`, `s:frames()`):")
        out.line("")
        for m in ScriptGlobals.seriesMethods {
            out.line("- `series:\(m.name)(\(m.parameters.joined(separator: ", ")))`" + (m.returns.map { " → `\($0)`" } ?? ""))
        }
    }

    static func writeEntry(_ entry: BindingEntry, into out: inout StubWriter) {
        let declaration = entry.declaration
        out.line("")
        out.line("## \(entry.name)")
        out.line("")
        var facts = [TypeStubs.madeDescription(entry).prefix(1).uppercased() + TypeStubs.madeDescription(entry).dropFirst() + "."]
        if entry.interactive { facts.append("A finger can reach it (`tap`, `drag`, `fling`, `touch`, ...).") }
        if entry.readsPlayer { facts.append("It reads a player.") }
        facts.append(entry.pluginsMayExtend ? "Plugins may add methods." : "Plugins may not add methods.")
        out.line(facts.joined(separator: " "))
        if let example = entry.example {
            out.line("")
            out.line("Example: `s:\(entry.name)\(example)`")
        }
        if !entry.optionKeys.isEmpty {
            out.line("")
            out.line("Options:")
            out.line("")
            for spec in entry.binding.options {
                out.line("- `\(spec.name)`: `\(spec.type)`\(spec.required ? " (required)" : ""). \(TypeStubs.described(spec))")
            }
        }
        if !declaration.methods.isEmpty {
            out.line("")
            out.line("Methods:")
            out.line("")
            for method in declaration.methods { out.line("- " + call(method, receiver: entry.name) + ": \(method.doc)") }
        }
        if !declaration.readings.isEmpty || declaration.anyName != nil {
            out.line("")
            out.line("Readings:")
            out.line("")
            for reading in declaration.readings {
                out.line("- `\(reading.name)`: `\(reading.type)`\(unit(reading.unit)). \(reading.doc)")
            }
            if let any = declaration.anyName { out.line("- `[name]`: `\(any.type)`. \(any.doc)") }
        }
    }

    static func writeLibrary(_ library: ScriptGlobals.Library, into out: inout StubWriter) {
        let functions = BindingRegistry.libraryFunctions(library.name)
        out.line("")
        out.line("## \(library.name)")
        out.line("")
        out.line("Functions:")
        out.line("")
        for name in library.functions {
            guard let spec = functions.first(where: { $0.name == name }) else { continue }
            out.line("- " + call(spec, receiver: nil, library: library.name) + ": \(spec.doc)")
        }
        let values = library.values + library.tables.map(\.name)
        if !values.isEmpty {
            out.line("")
            out.line("Values: " + values.map { "`\(library.name).\($0)`" }.joined(separator: ", ") + ".")
        }
    }

    /// "`s:advance(seconds: number [s])` → `integer`".
    static func call(_ method: MethodSpec, receiver: String?, library: String? = nil) -> String {
        let args = method.args.map { "\($0.name)\($0.optional ? "?" : ""): \($0.type)\(notes($0))" }
        let head = receiver.map { "\($0):\(method.name)" } ?? "\(library ?? "").\(method.name)"
        return "`\(head)(\(args.joined(separator: ", ")))`" + (method.returns.map { " → `\($0)`" } ?? "")
    }

    static func unit(_ unit: String?) -> String { unit.map { " [\($0)]" } ?? "" }

    /// What an argument's declaration says beyond its type, as the reads enforce it: "[s; at least 0; default 0.03]".
    static func notes(_ arg: ArgumentSpec) -> String {
        let choices = arg.choices.flatMap { list in
            arg.type == "string" ? "one of " + list.map { "\"\($0)\"" }.joined(separator: ", ") : nil
        }
        let notes = [arg.unit, arg.bounds?.text, choices, arg.defaultText.map { "default \($0)" }].compactMap { $0 }
        return notes.isEmpty ? "" : " [\(notes.joined(separator: "; "))]"
    }
}
