/// One key of an options table (a constructor's, a `set`'s), declared once: its Lua type, unit, range, default and
/// a one-line doc, and what the error says it must be when it is wrong. The keys a call accepts, the error for a
/// wrong value (`Options` reads through the spec: `ArgumentErrors` words it), the editor stubs and the reference all
/// come from these lists.
package struct OptionSpec: Sendable, Equatable {
    package let name: String
    /// As lua-language-server writes it: `number`, `boolean`, `string`, `piecebox.player|table`, ...
    package let type: String
    package let unit: String?
    /// The values it accepts, in words ("1 to 1000"), nil when the type says it all.
    package let range: String?
    /// What it is when left out, as a script would write it; nil when it is required or has no simple default.
    package let defaultValue: String?
    package let doc: String
    /// What an error says the option must be ("a number of seconds"); nil for the type's plain phrase.
    let expected: String?
    /// Whether the call refuses a table without it.
    package let required: Bool

    package init(_ name: String, _ type: String, unit: String? = nil, range: String? = nil, default defaultValue: String? = nil,
         required: Bool = false, _ doc: String, must expected: String? = nil) {
        self.name = name; self.type = type; self.unit = unit; self.range = range
        self.defaultValue = defaultValue; self.required = required; self.doc = doc; self.expected = expected
    }

    /// The specs of `names` among `specs`, in the order of `names`: a `set` that takes some of its constructor's
    /// options. A name that is not among them is left out (a test holds every such list to its constructor's).
    package static func picking(_ names: [String], from specs: [OptionSpec]) -> [OptionSpec] {
        names.compactMap { name in specs.first { $0.name == name } }
    }

    /// The names of `specs`, in their order: the keys a call accepts and its "known:" list.
    package static func names(_ specs: [OptionSpec]) -> [String] { specs.map(\.name) }

    /// The specs as a lua-language-server table type: `{velocity: number, x?: number}`.
    package static func tableType(_ specs: [OptionSpec]) -> String {
        "{" + specs.map { "\($0.name)\($0.required ? "" : "?"): \($0.type)" }.joined(separator: ", ") + "}"
    }
}

extension LuaCall {
    /// An options table whose keys are declared by `specs`: unknown keys are refused by name, and reading a key
    /// (`opts.number("ramp")`) words its error from the key's spec.
    package func options(_ arg: Int32, declared specs: [OptionSpec], optional: Bool = true) throws -> Options {
        var opts = try options(arg, allowed: specs.lazy.map(\.name), optional: optional)
        opts.specs = specs
        return opts
    }
}
