import Testing
@testable import LuaHost
@testable import LuaRuntime
@testable import LuaBindings
import PieceKit

/// What an argument's declaration states is what a script meets: every method and library function in the registry
/// whose arguments declare bounds or allowed values is called with a value that breaks each rule (past the bound,
/// outside the choice, of the wrong type), and the call must refuse it naming the function, the argument's place
/// and what the declaration says it must be. A declared rule the body does not read through fails here.
@Suite struct DeclaredArgumentEnforcementTests {
    struct Case {
        let function: String
        let call: String
        let message: String
    }

    /// Values the type alone does not make (a shape table), by function and argument name.
    static let validValues = [
        "glassGroup:insert(shape)": "{ id = \"zz\", x = 0, y = 0, w = 10, h = 10 }",
        "motion.pressAnchor(touch)": "{ x = 1, y = 1 }", "motion.pressAnchor(size)": "{ w = 10, h = 10 }",
    ]

    /// A value of `spec` that its declaration accepts, as Lua.
    static func valid(_ spec: ArgumentSpec, of function: String = "") -> String {
        if let value = validValues["\(function)(\(spec.name))"] { return value }
        if let choices = spec.choices { return "\"\(choices[0])\"" }
        if let bounds = spec.bounds {
            switch bounds.kind {
            case .above(let low), .atLeast(let low): return OptionBounds.plain(low + 1)
            case .atMost(let high): return OptionBounds.plain(high - 1)
            case .between(let low, let high), .inside(let low, let high): return OptionBounds.plain((low + high) / 2)
            }
        }
        switch spec.type {
        case "number", "integer": return "1"
        case "string": return "\"x\""
        case "boolean": return "true"
        case "function": return "function() end"
        default: return "{}"
        }
    }

    /// The calls that break each enforced rule of `args`, on `receiver` (nil: a library function `function`).
    static func cases(_ args: [ArgumentSpec], function: String, callee: String) -> [Case] {
        var out: [Case] = []
        for (i, spec) in args.enumerated() where spec.bounds != nil || spec.choices != nil {
            let before = args[..<i].map { valid($0, of: function) }
            func call(_ broken: String) -> String { "\(callee)(\((before + [broken]).joined(separator: ", ")))" }
            let head = "\(function): argument \(i + 1) must be \(spec.typeExpected), got "
            if let bounds = spec.bounds {
                out.append(Case(function: function, call: call(OptionBounds.plain(bounds.violating)),
                                message: "\(function): argument \(i + 1) must be \(spec.expected), got \(number: bounds.violating)"))
            }
            if spec.choices != nil {
                out.append(Case(function: function, call: call("\"zzzzzz\""), message: head + "\"zzzzzz\""))
            }
            // The wrong type, where the declared type is one kind of value.
            if !spec.type.contains("|") {
                out.append(Case(function: function, call: call("true"), message: head + "boolean"))
            }
            // A required argument left out.
            if !spec.optional {
                out.append(Case(function: function, call: "\(callee)(\(before.joined(separator: ", ")))", message: head + "no value"))
            }
        }
        return out
    }

    /// How a test reaches an object of each class whose methods declare rules (a class missing here fails the test).
    /// Each is the Lua that makes one and the name its calls carry in messages.
    static let receivers: [String: (make: String, shown: String)] = [
        "stage": ("s", "stage"), "animation": ("motion.easeIn()", "animation"), "spring": ("motion.spring{}", "spring"),
        "view": ("ui.Text(\"a\")", "Text"),
    ]

    @Test func everyDeclaredArgumentRuleIsRefusedNamingTheFunctionAndArgument() throws {
        var cases: [Case] = []
        var unreachable: [String] = []
        let examples = DeclaredScenario.examples
        for (name, declaration) in BindingRegistry.declarations.sorted(by: { $0.key < $1.key }) {
            for method in declaration.methods where !method.writtenInLua {
                let known = Self.receivers[name] ?? (examples.contains { $0.name == name } ? ("made.\(name)", name) : nil)
                let found = Self.cases(method.args, function: "\(known?.shown ?? name):\(method.name)", callee: "R:\(method.name)")
                guard !found.isEmpty else { continue }
                guard let receiver = known?.make else { unreachable.append("\(name):\(method.name)"); continue }
                cases += found.map { Case(function: $0.function, call: $0.call.replacingOccurrences(of: "R:", with: "\(receiver):"), message: $0.message) }
            }
        }
        for library in ["motion", "metal", "ui"] {
            for function in BindingRegistry.libraryFunctions(library) {
                cases += Self.cases(function.args, function: "\(library).\(function.name)", callee: "\(library).\(function.name)")
            }
        }
        #expect(unreachable.isEmpty, "classes with declared argument rules and no way to reach one here: \(unreachable)")
        // At the time of writing at least: advance, jump, after, every, frames, keyboard, speed, skip, bloom's two,
        // gather, the four curves' durations, scaledMetric's two choices.
        #expect(cases.count >= 20, "\(cases.count)")
        let tries = cases.map { c in
            """
              do
                local ok, err = pcall(function() return \(c.call) end)
                print(ok and "accepted: \(c.call.replacingOccurrences(of: "\"", with: "'"))" or tostring(err))
              end
            """
        }
        let (result, summary) = try DeclaredScenario.run(tries)
        #expect(result.output.count == cases.count, "\(summary) \(result.output)")
        for (c, line) in zip(cases, result.output) { #expect(line.hasSuffix(c.message), "\(c.call): \(line)") }
    }

    @Test func anArgumentPastTheDeclaredOnesIsRefusedByEveryMethodAndLibraryFunction() throws {
        // One more `true` than a method or library function declares: refused before its body reads anything, so
        // a misplaced value (view:lineLimit(3, true)) is never ignored. A nil past the end is no value and passes.
        var cases: [Case] = []
        let examples = DeclaredScenario.examples
        func takes(_ n: Int) -> String { n == 0 ? "no arguments" : "at most \(n)" }
        func values(_ n: Int) -> String { Array(repeating: "true", count: n).joined(separator: ", ") }
        for (name, declaration) in BindingRegistry.declarations.sorted(by: { $0.key < $1.key }) {
            let receiver = Self.receivers[name]?.make ?? (examples.contains { $0.name == name } ? "made.\(name)" : nil)
            guard let receiver else { continue }
            for method in declaration.methods where !method.writtenInLua {
                let n = method.args.count
                cases.append(Case(function: "\(name):\(method.name)", call: "\(receiver):\(method.name)(\(values(n + 1)))",
                                  message: ":\(method.name): argument \(n + 1) is one too many (it takes \(takes(n))), got boolean"))
            }
        }
        for library in ["motion", "metal", "ui", "text"] {
            for function in BindingRegistry.libraryFunctions(library) {
                let n = function.args.count
                cases.append(Case(function: "\(library).\(function.name)", call: "\(library).\(function.name)(\(values(n + 1)))",
                                  message: "\(library).\(function.name): argument \(n + 1) is one too many (it takes \(takes(n))), got boolean"))
            }
        }
        // At the time of writing: the stage's, every piece's, the views' and the motion values' methods, and the four
        // libraries' functions, well over a hundred.
        #expect(cases.count >= 100, "\(cases.count)")
        let tries = cases.map { c in
            """
              do
                local ok, err = pcall(function() return \(c.call) end)
                print(ok and "accepted: \(c.function)" or tostring(err))
              end
            """
        }
        let (result, summary) = try DeclaredScenario.run(tries + ["  print(select('#', motion.spring{ duration = 0.5 }:value(0.1, 1, 0, nil)))"])
        #expect(result.output.count == cases.count + 1, "\(summary) \(result.output)")
        for (c, line) in zip(cases, result.output) { #expect(line.hasSuffix(c.message), "\(c.call): \(line)") }
        #expect(result.output.last == "1", "a trailing nil is no argument: \(result.output.last ?? "")")
        // A view is named by its kind, as its modifiers' other refusals name it.
        #expect(result.output.contains { $0.hasSuffix("Text:lineLimit: argument 3 is one too many (it takes at most 2), got boolean") },
                "\(result.output)")
    }
}
