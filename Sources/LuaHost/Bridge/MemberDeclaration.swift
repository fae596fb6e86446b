/// What a class says about each member where it installs it (`LuaClass.method`, `LuaClass.reading`): plain data,
/// kept beside the bodies and read only when something describes the API (the registry's names, the plugin clash
/// check, the editor stubs, the reference). Calls never look at it: dispatch goes through the methods table and the
/// readings' numbers as before.
///
/// Types are written as lua-language-server writes them (`number`, `boolean`, `string`, `table`, `piecebox.finger`,
/// `piecebox.series|integer`), so the stubs and the reference print them as they are.
package struct ArgumentSpec: Sendable, Equatable {
    package let name: String
    package let type: String
    /// The unit of a number ("s", "pt", "pt/s"), nil for none.
    package let unit: String?
    package let optional: Bool
    /// The numbers it accepts, as data the positional reads enforce (`LuaCall.number(_:)`); nil: any finite number.
    package var bounds: OptionBounds?
    /// The strings it accepts, as data the reads enforce (`LuaCall.string(_:)`), with a near-name hint.
    package var choices: [String]?
    /// What a read returns when the argument is left out (written once, here); the reference prints it.
    package var numberDefault: Double?
    /// What an error says it must be when the derived phrase (`expected`) reads badly; bounds are added after it.
    package var must: String?
    /// Whether an empty string is refused (an element's name).
    package var nonEmpty = false

    /// This argument, refusing an empty string.
    package func notEmpty() -> ArgumentSpec {
        var spec = self
        spec.nonEmpty = true
        return spec
    }

    /// A required argument.
    package static func arg(_ name: String, _ type: String, _ unit: String? = nil, bounds: OptionBounds? = nil,
                            choice: [String]? = nil, must: String? = nil) -> ArgumentSpec {
        ArgumentSpec(name: name, type: type, unit: unit, optional: false, bounds: bounds, choices: choice, must: must)
    }

    /// An argument that may be left out; `default` is what a read gives then.
    package static func opt(_ name: String, _ type: String, _ unit: String? = nil, default value: Double? = nil,
                            bounds: OptionBounds? = nil, choice: [String]? = nil, must: String? = nil) -> ArgumentSpec {
        ArgumentSpec(name: name, type: type, unit: unit, optional: true, bounds: bounds, choices: choice,
                     numberDefault: value, must: must)
    }

    /// The default as the reference prints it ("0.03"), nil when there is none.
    package var defaultText: String? { numberDefault.map { OptionBounds.plain($0) } }

    /// What an error for a value of the wrong type says the argument must be: its `must` phrase or one derived from
    /// its type and unit ("a number of seconds"), or its choices.
    package var typeExpected: String {
        if let choices { return must ?? "one of " + choices.map { "\"\($0)\"" }.joined(separator: ", ") }
        return must ?? Self.phrase(type: type, unit: unit)
    }

    /// What an error for a value past its bounds says it must be: `typeExpected`, then the bounds ("of at least 0").
    /// With `typeExpected`, the one wording of every positional refusal.
    package var expected: String {
        let base = typeExpected
        guard let bounds else { return base }
        if let phrase = bounds.phrase { return phrase }
        switch bounds.kind {
        case .atLeast, .atMost: return "\(base) of \(bounds.text)"
        case .between: return "\(base) from \(bounds.text)"
        case .above, .inside: return "\(base) \(bounds.text)"
        }
    }

    /// A type and unit in words: "a number of seconds", "a whole number", "a string".
    package static func phrase(type: String, unit: String?) -> String {
        switch type {
        case "number": unit.map { "a number of \(unitWords($0))" } ?? "a number"
        case "integer": "a whole number"
        case "string": "a string"
        case "boolean": "true or false"
        case "function": "a function"
        case "table": "a table"
        // The host's own kinds of value, each with how a script makes one.
        case "piecebox.spring": "a spring (motion.spring{...} or a table such as { duration = 0.5, bounce = 0.2 })"
        case "piecebox.animation": "an animation (motion.roles.reveal, motion.easeOut(0.2), a spring, ...)"
        default: "a value of type \(type)"
        }
    }

    private static func unitWords(_ unit: String) -> String {
        switch unit {
        case "s": "seconds"
        case "pt": "points"
        case "pt/s": "points per second"
        case "deg": "degrees"
        default: unit
        }
    }
}

/// A method's or library function's arguments, kept unevaluated beside its body and evaluated on the first read
/// that needs them (an error, a bound, a default): a state that never calls it never builds them, and later calls
/// read the cached list. `LuaCall` reaches it through `table`, unretained, for the length of one call.
package final class ArgumentDeclarations {
    private let make: () -> [ArgumentSpec]
    private var built: [ArgumentSpec]?
    /// What a read checks on the happy path, as plain numbers at a fixed address: a call holds the address, so a
    /// read that succeeds is a few loads, with no reference counted and no closure called.
    package let table: UnsafeMutablePointer<ArgumentTable>

    package init(_ make: @escaping () -> [ArgumentSpec]) {
        self.make = make
        table = .allocate(capacity: 1)
        table.initialize(to: ArgumentTable(owner: .passUnretained(self)))
    }

    deinit {
        table.pointee.rules?.deallocate()
        table.deinitialize(count: 1)
        table.deallocate()
    }

    /// The declared arguments, built once (with the table's rules beside them).
    package var specs: [ArgumentSpec] {
        if let built { return built }
        let specs = make()
        built = specs
        let rules = UnsafeMutablePointer<ArgumentRule>.allocate(capacity: max(specs.count, 1))
        rules.initialize(from: specs.map(ArgumentRule.init), count: specs.count)
        table.pointee.rules = rules
        table.pointee.count = Int32(specs.count)
        return specs
    }

    /// The declaration of argument `arg` (from 1), nil past the declared ones: what an error is worded from.
    package func spec(_ arg: Int32) -> ArgumentSpec? {
        let all = specs
        return arg >= 1 && Int(arg) <= all.count ? all[Int(arg) - 1] : nil
    }
}

/// The rules of one declaration's arguments, as `LuaCall` reads them: nil `rules` until the first read that needs
/// them builds the declaration.
@usableFromInline package struct ArgumentTable {
    @usableFromInline var rules: UnsafeMutablePointer<ArgumentRule>?
    @usableFromInline var count: Int32 = 0
    fileprivate let owner: Unmanaged<ArgumentDeclarations>

    fileprivate init(owner: Unmanaged<ArgumentDeclarations>) { self.owner = owner }

    /// The declarations this table belongs to: what an error is worded from.
    package var declarations: ArgumentDeclarations { owner.takeUnretainedValue() }
}

extension UnsafeMutablePointer where Pointee == ArgumentTable {
    /// What a read of argument `arg` checks, nil past the declared ones.
    @inlinable @inline(__always)
    package func rule(_ arg: Int32) -> UnsafeMutablePointer<ArgumentRule>? {
        if pointee.rules == nil { build() }
        return arg >= 1 && arg <= pointee.count ? pointee.rules.unsafelyUnwrapped + Int(arg - 1) : nil
    }

    /// How many arguments the declaration takes.
    @inlinable @inline(__always)
    package var declaredCount: Int32 {
        if pointee.rules == nil { build() }
        return pointee.count
    }

    /// The first read builds the declaration, out of line: every later call skips it.
    @inline(never) @usableFromInline
    func build() { _ = pointee.owner._withUnsafeGuaranteedRef { $0.specs } }
}

/// An argument's bounds, default and whether its string is checked, as plain values: what every read consults, so a
/// call whose arguments are right copies no declaration.
@usableFromInline package struct ArgumentRule: Sendable {
    @usableFromInline let low: Double, high: Double, lowOpen: Bool, highOpen: Bool
    @usableFromInline let numberDefault: Double
    @usableFromInline let hasDefault: Bool
    /// A string read must look at the declaration (choices, or an empty string refused).
    let checksString: Bool

    static let none = ArgumentRule(low: -.infinity, high: .infinity, lowOpen: false, highOpen: false, numberDefault: 0,
                                   hasDefault: false, checksString: false)

    init(low: Double, high: Double, lowOpen: Bool, highOpen: Bool, numberDefault: Double, hasDefault: Bool, checksString: Bool) {
        self.low = low; self.high = high; self.lowOpen = lowOpen; self.highOpen = highOpen
        self.numberDefault = numberDefault; self.hasDefault = hasDefault; self.checksString = checksString
    }

    init(_ spec: ArgumentSpec) {
        var (low, high, lowOpen, highOpen) = (-Double.infinity, Double.infinity, false, false)
        switch spec.bounds?.kind {
        case .above(let l)?: (low, lowOpen) = (l, true)
        case .atLeast(let l)?: low = l
        case .atMost(let h)?: high = h
        case .between(let l, let h)?: (low, high) = (l, h)
        case .inside(let l, let h)?: (low, high, lowOpen, highOpen) = (l, h, true, true)
        case nil: break
        }
        self.init(low: low, high: high, lowOpen: lowOpen, highOpen: highOpen, numberDefault: spec.numberDefault ?? 0,
                  hasDefault: spec.numberDefault != nil, checksString: spec.choices != nil || spec.nonEmpty)
    }

    /// Whether `n` is within the bounds (always, for an argument declared without any).
    @inlinable @inline(__always)
    func admits(_ n: Double) -> Bool {
        (lowOpen ? n > low : n >= low) && (highOpen ? n < high : n <= high)
    }
}

/// One method: its arguments, what it returns (nil: nothing), a one-line doc, and whether its body is Lua.
package struct MethodSpec: Sendable, Equatable {
    package let name: String
    package let args: [ArgumentSpec]
    package let returns: String?
    package let doc: String
    /// Written in Lua (the stage's `runUntil`): declared here, its body put in the methods table by a host chunk.
    let writtenInLua: Bool
}

/// One read-only field: its type, unit and a one-line doc.
package struct ReadingSpec: Sendable, Equatable {
    package let name: String
    package let type: String
    package let unit: String?
    package let doc: String
}

/// Everything one class declares about itself, as data: what the registry, the stubs and the reference read.
package struct ClassDeclaration: Sendable {
    package var methods: [MethodSpec] = []
    package var readings: [ReadingSpec] = []
    /// Whether a finger can reach it: it has the gestures every interactive piece answers to (`InteractionBinding`).
    package var interactive = false
    /// Whether it also answers names that are not fixed (a tier or role looked up by name), and what those give.
    package var anyName: ReadingSpec?

    package init() {}

    package var methodNames: [String] { methods.map(\.name) }
    package var readingNames: [String] { readings.map(\.name) }

    /// The method `name`, if the class declares one.
    package func method(_ name: String) -> MethodSpec? { methods.first { $0.name == name } }
}

/// `body`, reading its arguments through `args` (evaluated on the first read that needs them): for a function the
/// host pushes on its own (a matcher's helper, a player's report callback) rather than in a library table.
package func declaring(_ args: @autoclosure @escaping () -> [ArgumentSpec], _ body: @escaping HostFunction) -> HostFunction {
    let declared = ArgumentDeclarations(args)
    return { call in try body(call.declaring(declared)) }
}

/// A function of a library table (`motion.spring`, `metal.white`): declared as a method is, where its body is
/// installed, so the stubs and the reference read what it takes and gives from the same place.
/// Its doc, arguments and return are kept as written and evaluated only when something reads `spec`, so installing
/// the library in a scenario's state builds no metadata.
package struct LibraryFunction {
    package let name: String
    /// The body as written: it reads its arguments through the declarations `body` hands it.
    private let written: HostFunction
    private let doc: () -> String
    private let args: () -> [ArgumentSpec]
    private let returns: () -> String?

    package init(_ name: String, _ doc: @autoclosure @escaping () -> String,
         _ args: @autoclosure @escaping () -> [ArgumentSpec] = [], returns: @autoclosure @escaping () -> String? = nil,
         _ body: @escaping HostFunction) {
        self.name = name; self.doc = doc; self.args = args; self.returns = returns; self.written = body
    }

    /// What the function declares.
    package var spec: MethodSpec { MethodSpec(name: name, args: args(), returns: returns(), doc: doc(), writtenInLua: false) }

    /// What the library `library` installs: the body, handed its declared arguments (`LuaCall.declared`, built only
    /// when a read first needs them), so every way of installing the function reads them the same; an argument past
    /// the declared ones is refused before the body runs.
    package func body(in library: String) -> HostFunction {
        let declared = ArgumentDeclarations(args)
        let written = written
        let fullName = library + "." + name
        return { call in
            let call = call.declaring(declared)
            try call.noneUndeclared(as: fullName)
            return try written(call)
        }
    }

    /// The (name, body) pairs the library `library` ("motion") is made of.
    package static func table(_ functions: [LibraryFunction], in library: String) -> [(String, HostFunction)] {
        functions.map { ($0.name, $0.body(in: library)) }
    }
}
