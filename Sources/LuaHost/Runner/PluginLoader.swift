import CLua
import CLuaShim

/// Loads plugin manifests into a scenario's sandbox, before the scenario runs.
///
/// A manifest is a Lua file returning a table:
/// - `methods = { stage = { name = function(self, ...) end }, player = { ... }, ... }`: methods added to the
///   objects scripts hold, those `BindingRegistry` lets plugins extend. Taking the name of a built-in method or
///   reading (for the stage, also of a constructor such as `nowPlaying`) is an error when the plugin loads.
/// - `matchers = { toBeFoo = function(actual, ...) return pass, phrase, expected end }`: as `expectExtend`.
/// - `overrides = { reveal = ..., tiers = { ... } }`: motion token overrides for every test of the file.
/// - `description`: a line saying what it does.
/// The manifest runs in the same sandbox as the scenario, under the same limits; any error names the plugin.
public enum PluginLoader {
    /// The objects plugins may add methods to, by the names scripts see in messages.
    static var classes: [String] { BindingRegistry.extensible }

    /// A method a plugin added: to which class, under which name, and, for a piece type (`pieces = {...}`, a stage
    /// constructor), the methods its pieces have. What the editor stubs list for loaded plugins.
    public struct Member: Equatable, Sendable {
        public let plugin: String
        public let className: String
        public let name: String
        /// A piece type's own methods, sorted; nil for a plain method.
        public let pieceMethods: [String]?
        /// A piece type's state keys, sorted, with the Lua type of each default: the constructor takes them as
        /// options (`s:vinylLua{ rpm = 45 }`). Empty for a plain method.
        public var pieceState: [StateField] = []
        /// A piece type's readings (`readings = {...}`), sorted.
        public var pieceReadings: [String] = []
    }

    /// One key of a piece type's state, and the Lua type of its default (`number`, `boolean`, `table`, ...).
    public struct StateField: Equatable, Sendable {
        public let name: String
        public let type: String
    }

    /// Runs every manifest; the first failure is returned as the message for the file. `record` is told of every
    /// method added.
    static func load(_ plugins: [PluginCatalog.Plugin], into state: LuaState,
                     record: ((Member) -> Void)? = nil) -> String? {
        guard !plugins.isEmpty else { return nil }
        PluginMethods.reset(in: state)
        for plugin in plugins {
            let outcome = state.run(text: HostChunk.plugins.text, chunkName: HostChunk.plugins.chunkName) { L in
                pushBytes(L, plugin.name)
                pushBytes(L, plugin.source)
                pushBytes(L, plugin.manifestPath)
                state.pushFunction(declaring(addArguments) { c in
                    let c = c.named("plugin '\(plugin.name)'")
                    try addMethod(c, state: state)
                    if let record {
                        // add(class, name, fn[, pieceMethods, pieceState, pieceReadings]): a piece type names its
                        // methods fourth, its state's keys and their types fifth (a list of "name:type"), its
                        // readings sixth.
                        var methods: [String]?
                        if case .table(let list)? = try? c.value(4) {
                            methods = list.array.compactMap { if case .string(let s) = $0 { s } else { nil } }
                        }
                        var member = Member(plugin: plugin.name, className: try c.string(1), name: try c.string(2),
                                            pieceMethods: methods)
                        if case .table(let list)? = try? c.value(5) {
                            member.pieceState = list.array.compactMap {
                                guard case .string(let s) = $0, let colon = s.firstIndex(of: ":") else { return nil }
                                return StateField(name: String(s[..<colon]), type: String(s[s.index(after: colon)...]))
                            }
                        }
                        if case .table(let list)? = try? c.value(6) {
                            member.pieceReadings = list.array.compactMap { if case .string(let s) = $0 { s } else { nil } }
                        }
                        record(member)
                    }
                    return 0
                })
                // The options `s:piece` takes, so a piece type's constructor tells them from its state's keys.
                lua_createtable(L, Int32(LuaPieceBinding.options.count), 0)
                for (i, option) in LuaPieceBinding.options.enumerated() {
                    pushBytes(L, option.name)
                    lua_rawseti(L, -2, lua_Integer(i + 1))
                }
                // What an error calls a value (`TypeName`).
                lua_pushcclosure(L, pb_lua_type_name, 0)
                return 6
            }
            switch outcome {
            case .ok: continue
            case .error(let message, _): return message
            case .breach(let breach, let location):
                return "plugin '\(plugin.name)': \(location ?? plugin.manifestPath): \(breach.description)"
            }
        }
        return nil
    }

    /// What a plugin's `add` takes first: the class and the method's name.
    private static var addArguments: [ArgumentSpec] {
        [.arg("class", "string", must: "a class name"), .arg("name", "string", must: "a method name"), .arg("fn", "function")]
    }

    /// `add(class, name, fn)`: files the method under its class, refusing unknown classes and clashes.
    private static func addMethod(_ c: LuaCall, state: LuaState) throws {
        let className = try c.string(1), method = try c.string(2)
        guard classes.contains(className) else {
            throw LuaHostError.message("\(c.function): methods for '\(className)': no such object (known: "
                + classes.joined(separator: ", ") + ")")
        }
        if BindingRegistry.builtInMembers(of: className).contains(method) {
            throw LuaHostError.message("\(c.function): \(className) already has a built-in '\(method)'")
        }
        PluginMethods.add(method, to: className, function: 3 + c.offset, in: state)
    }

    /// Checks and applies one manifest. Written in Lua so the manifest's own code never runs under a Swift
    /// frame; `add` is the only call back into Swift and calls no Lua.
}
