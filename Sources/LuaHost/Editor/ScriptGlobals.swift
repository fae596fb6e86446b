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

    /// `motion` (MotionBinding), `metal` (MetalButtonBinding), `text` (FoundationBinding) and `ui` (UIBinding): their functions as the
    /// bindings declare them, and the values and tables they hold.
    public static let libraries: [Library] = [
        Library(name: "motion",
                functions: BindingRegistry.libraryFunctions("motion").map(\.name),
                values: ["tiers", "roles", "allowsAmbient"],
                tables: [
                    Library(name: "reduced", functions: reducedFunctions, values: ["tiers", "roles", "allowsAmbient"],
                            tables: [liquid]),
                    liquid,
                ]),
        Library(name: "metal", functions: BindingRegistry.libraryFunctions("metal").map(\.name), values: ["startAngle"],
                tables: []),
        // FoundationBinding: the letter morph as a function.
        Library(name: "text", functions: BindingRegistry.libraryFunctions("text").map(\.name), values: [], tables: []),
        // UIBinding: SwiftUI's views and ui.layout.
        Library(name: "ui", functions: BindingRegistry.libraryFunctions("ui").map(\.name), values: [], tables: []),
    ]

    /// `motion.reduced`'s functions: the foundation's, under Reduce Motion (MotionBinding.foundationFunctions).
    private static var reducedFunctions: [String] { BindingRegistry.libraryFunctions("motion.reduced").map(\.name) }

    /// `motion.liquid` (and `motion.reduced.liquid`): the merge thresholds and the split and home animations.
    private static let liquid = Library(name: "liquid", functions: [],
                                        values: ["apart", "homeScale", "joined", "merge", "split", "home"], tables: [])

    /// The test framework's declaring functions that are callable tables with `.only` and `.skip`.
    public static let declarers = ["test", "it", "describe", "explore"]
    /// Those that also declare one test (or group) a row: `test.each(rows, "name %s", fn)`.
    public static let eachDeclarers = ["test", "it", "describe"]
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

    /// A function of the test framework as its Lua source declares it, on the line that defines it:
    /// `function Series:at(t) --: (t: number) -> any`. The part after `--:` is the one declaration of its
    /// parameters' types and what it returns, so the stubs type a series' methods and the matchers without a list
    /// kept anywhere else (a test holds every such function to having one).
    struct FrameworkFunction: Equatable {
        let name: String
        /// As lua-language-server writes them: `fn: fun(value: any, t: number): any`, `tolerance?: number`.
        let parameters: [String]
        let returns: String?
    }

    /// The matchers `expect(value)` answers (`function Matchers.name(actual, ...)`), their parameters as the script
    /// passes them (the value under test is `expect`'s).
    static var matchers: [FrameworkFunction] { frameworkFunctions(prefix: "function Matchers.") }

    /// The methods of a series (`function Series:name(...)`).
    static var seriesMethods: [FrameworkFunction] { frameworkFunctions(prefix: "function Series:") }

    /// The functions declared on lines of `source` (`expect.lua` unless given) starting with `prefix`, in source order; one without a
    /// declaration has untyped parameters (`any`).
    static func frameworkFunctions(prefix: String, in source: String = HostChunk.expect.text) -> [FrameworkFunction] {
        source.split(separator: "\n").compactMap { line -> FrameworkFunction? in
            guard line.hasPrefix(prefix) else { return nil }
            let name = String(line.dropFirst(prefix.count).prefix { $0 != "(" })
            guard let mark = line.range(of: " --: ") else {
                return FrameworkFunction(name: name, parameters: ["...: any"], returns: nil)
            }
            var signature = line[mark.upperBound...]
            var returns: String?
            if let arrow = signature.range(of: " -> ", options: .backwards) {
                returns = String(signature[arrow.upperBound...])
                signature = signature[..<arrow.lowerBound]
            }
            return FrameworkFunction(name: name, parameters: splitParameters(signature.dropFirst().dropLast()),
                                     returns: returns)
        }
    }

    /// `a: number, fn: fun(v: any, t: number): any` split at the commas outside parentheses and braces.
    static func splitParameters(_ text: Substring) -> [String] {
        var out: [String] = [], depth = 0, current = ""
        for ch in text {
            if "({<".contains(ch) { depth += 1 } else if ")}>".contains(ch) { depth -= 1 }
            if ch == ",", depth == 0 {
                out.append(current.trimmingCharacters(in: .whitespaces)); current = ""
            } else { current.append(ch) }
        }
        let last = current.trimmingCharacters(in: .whitespaces)
        if !last.isEmpty { out.append(last) }
        return out
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
