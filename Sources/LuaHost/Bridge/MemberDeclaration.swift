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

    /// A required argument.
    package static func arg(_ name: String, _ type: String, _ unit: String? = nil) -> ArgumentSpec {
        ArgumentSpec(name: name, type: type, unit: unit, optional: false)
    }

    /// An argument that may be left out.
    package static func opt(_ name: String, _ type: String, _ unit: String? = nil) -> ArgumentSpec {
        ArgumentSpec(name: name, type: type, unit: unit, optional: true)
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

/// A function of a library table (`motion.spring`, `metal.white`): declared as a method is, where its body is
/// installed, so the stubs and the reference read what it takes and gives from the same place.
/// Its doc, arguments and return are kept as written and evaluated only when something reads `spec`, so installing
/// the library in a scenario's state builds no metadata.
package struct LibraryFunction {
    package let name: String
    package let body: HostFunction
    private let doc: () -> String
    private let args: () -> [ArgumentSpec]
    private let returns: () -> String?

    package init(_ name: String, _ doc: @autoclosure @escaping () -> String,
         _ args: @autoclosure @escaping () -> [ArgumentSpec] = [], returns: @autoclosure @escaping () -> String? = nil,
         _ body: @escaping HostFunction) {
        self.name = name; self.doc = doc; self.args = args; self.returns = returns; self.body = body
    }

    /// What the function declares.
    package var spec: MethodSpec { MethodSpec(name: name, args: args(), returns: returns(), doc: doc(), writtenInLua: false) }

    /// The (name, body) pairs a library table is made of.
    package static func table(_ functions: [LibraryFunction]) -> [(String, HostFunction)] {
        functions.map { ($0.name, $0.body) }
    }
}
