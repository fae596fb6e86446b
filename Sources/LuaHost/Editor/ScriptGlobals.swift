import Foundation

/// The globals a scenario finds besides Lua's own libraries, described for the editor stubs. The types scripts hold
/// come from `BindingRegistry`; this is the rest: the `motion` and `metal` libraries' member names and the test
/// framework's functions. A test holds these names to a fresh scenario state, so a global added without a stub fails.
public enum ScriptGlobals {
    /// A library table's members: functions, plain values, and nested tables.
    public struct Library: Sendable {
        public let name: String
        public let functions: [String]
        public let values: [String]
        public let tables: [Library]
    }

    /// `motion` (MotionBinding), `metal` (MetalButtonBinding) and `text` (FoundationBinding): their functions as the
    /// bindings declare them, and the values and tables they hold.
    public static let libraries: [Library] = [
        Library(name: "motion",
                functions: BindingRegistry.libraryFunctions("motion").map(\.name),
                values: ["tiers", "roles", "allowsAmbient"],
                tables: [
                    Library(name: "reduced", functions: [], values: ["tiers", "roles", "allowsAmbient"],
                            tables: [liquid]),
                    liquid,
                ]),
        Library(name: "metal", functions: BindingRegistry.libraryFunctions("metal").map(\.name), values: ["startAngle"],
                tables: []),
        // FoundationBinding: the letter morph as a function.
        Library(name: "text", functions: BindingRegistry.libraryFunctions("text").map(\.name), values: [], tables: []),
    ]

    /// `motion.liquid` (and `motion.reduced.liquid`): the merge thresholds and the split and home animations.
    private static let liquid = Library(name: "liquid", functions: [],
                                        values: ["apart", "homeScale", "joined", "merge", "split", "home"], tables: [])

    /// The test framework's declaring functions that are callable tables with `.only` and `.skip`.
    public static let declarers = ["test", "it", "describe"]
    /// Its plain functions.
    public static let functions = ["xtest", "xit", "beforeAll", "afterAll", "beforeEach", "afterEach", "expectExtend"]

    /// Every global name a scenario has besides Lua's own, sorted.
    public static var names: [String] {
        var out = ["expect", "series"] + declarers + functions + libraries.map(\.name)
        out += BindingRegistry.entries.compactMap { entry -> String? in
            if case .global(let name) = entry.made { return name }
            return nil
        }
        return Array(Set(out)).sorted()
    }

    /// The matchers `expect(value)` answers, read from the test framework's Lua source (each is declared there as
    /// `function Matchers.name(`), so a matcher added there is in the stubs without another list to keep.
    static var matchers: [String] { declaredNames(prefix: "function Matchers.", in: HostChunk.expect.text) }

    /// The methods of a series with their parameters' names, read the same way (`function Series:name(a, b)`).
    static var seriesMethods: [(name: String, parameters: [String])] {
        let prefix = "function Series:"
        return declaredNames(prefix: prefix, in: HostChunk.expect.text).map { name in
            let line = HostChunk.expect.text.split(separator: "\n").first { $0.hasPrefix(prefix + name + "(") } ?? ""
            let inside = line.drop { $0 != "(" }.dropFirst().prefix { $0 != ")" }
            return (name, inside.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
        }
    }

    /// The names declared on lines starting with `prefix` and followed by `(`, in source order.
    static func declaredNames(prefix: String, in source: String) -> [String] {
        source.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix(prefix) else { return nil }
            let rest = line.dropFirst(prefix.count)
            let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            guard !name.isEmpty, rest.dropFirst(name.count).first == "(" else { return nil }
            return String(name)
        }
    }
}
