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
    package let expected: String?
    /// Whether the call refuses a table without it (`LuaCall.options(_:declared:)` does, in one wording).
    package private(set) var required: Bool
    /// What the refusal of a table without it says the option is, when it says more than `expected`.
    package private(set) var missing: String?
    /// The numbers it accepts, as data the reader enforces; nil when `range` (if any) is prose only.
    package let bounds: OptionBounds?

    /// The default of a flag, as its declaration writes it (`default: "true"`): what `Options.boolean(declared:)` gives.
    package var boolDefault: Bool? { type == "boolean" ? defaultValue.flatMap { Bool($0) } : nil }

    /// Whether a read refuses a number with a fraction: the type is `integer`.
    package var isInteger: Bool { type == "integer" }

    /// The strings it accepts, as data the reader enforces (`Options.string`), with a near-name hint.
    package private(set) var choices: [String]?
    /// The string a choice gives when left out (set by `init(_:choice:default:)`).
    private var chosenDefault: String?

    /// The string a read returns when the key is left out: a choice's default, or a string option's `default:` (with
    /// or without its quotes), so `Options.string(declared:)` reads the one the reference prints.
    package var stringDefault: String? {
        if let chosenDefault { return chosenDefault }
        guard type == "string", let d = defaultValue else { return nil }
        return d.count >= 2 && d.hasPrefix("\"") && d.hasSuffix("\"") ? String(d.dropFirst().dropLast()) : d
    }

    /// One of a fixed set of strings, `value` when left out: its type is the union of the strings, and the reference,
    /// the stubs and `Options.string(declared:)` all read the default from here.
    package init(_ name: String, choice: [String], default value: String, _ doc: String, must expected: String? = nil) {
        self.init(name, choice.map { "\"\($0)\"" }.joined(separator: "|"), default: "\"\(value)\"", doc, must: expected)
        self.choices = choice
        self.chosenDefault = value
    }

    package init(_ name: String, _ type: String, unit: String? = nil, range: String? = nil, bounds: OptionBounds? = nil,
         default defaultValue: String? = nil, required: Bool = false, missing: String? = nil, _ doc: String,
         must expected: String? = nil) {
        self.missing = missing
        self.name = name; self.type = type; self.unit = unit; self.range = bounds?.text ?? range; self.bounds = bounds
        self.defaultValue = defaultValue; self.required = required; self.doc = doc; self.expected = expected
    }

    /// A number option whose default is `value` itself: the reference prints it and `Options.number(_:)` returns it,
    /// so the default is written once.
    package init(_ name: String, number value: Double, type: String = "number", unit: String? = nil, bounds: OptionBounds? = nil,
         _ doc: String, must expected: String? = nil) {
        self.init(name, type, unit: unit, bounds: bounds, default: OptionBounds.plain(value), doc, must: expected)
        self.numberDefault = value
    }

    /// The default a number read returns when the key is left out (set by `init(_:number:)`).
    package private(set) var numberDefault: Double?

    /// The specs of `names` among `specs`, in the order of `names`: a `set` that takes some of its constructor's
    /// options. A name that is not among them is left out (a test holds every such list to its constructor's).
    /// A `set` changes only what it names, so none of the picked keys is required there.
    package static func picking(_ names: [String], from specs: [OptionSpec]) -> [OptionSpec] {
        names.compactMap { name in
            guard var spec = specs.first(where: { $0.name == name }) else { return nil }
            spec.required = false
            return spec
        }
    }

    /// This spec, accepting only the strings `choice` (its type already lists them).
    package func choosing(_ choice: [String]) -> OptionSpec {
        var spec = self
        spec.choices = choice
        return spec
    }

    /// The refusal of a table that leaves this required option out: "option 'velocity' is required (...)".
    package var missingDetail: String {
        "option '\(name)' is required (\(missing ?? expected ?? "a value of type \(type)"))"
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
        try opts.checkDeclaredValues()
        if let absent = specs.first(where: { $0.required && opts.table[$0.name].isNil }) {
            throw refusal(absent.missingDetail)
        }
        return opts
    }
}
