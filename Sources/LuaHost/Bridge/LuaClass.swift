import CLua
import CLuaShim

/// What a class's own members are called, whatever its object type: plugins may not reuse these names.
protocol LuaClassMembers: AnyObject {
    var memberNames: Set<String> { get }
    /// The names called with a colon, and the names read as fields (tests walk every one of them).
    var methodNames: [String] { get }
    var propertyNames: [String] { get }
    /// Whether a fallback answers names that are not fixed (a tier or role looked up by name).
    var answersAnyName: Bool { get }
}

/// How a Swift class appears to scripts: a userdata with methods (called with a colon) and read-only
/// properties. The metatable is the host's and is protected, so scripts can neither read nor replace it.
final class LuaClass<T: AnyObject>: LuaClassMembers {
    typealias Method = (T, LuaCall) throws -> Int32
    typealias Getter = (T, LuaCall) throws -> Int32

    /// Registry name of the metatable, e.g. "piecebox.stage".
    let name: String
    /// What scripts see in messages: "stage", "player".
    let displayName: String
    private(set) var methods: [String: Method] = [:]
    private(set) var getters: [String: Getter] = [:]
    /// For keys that are not fixed names (a tier or role looked up by name).
    private(set) var fallback: ((T, String, LuaCall) throws -> Int32)?

    init(_ displayName: String) {
        self.displayName = displayName
        self.name = Self.registryName(displayName)
    }

    /// The metatable's registry name for the class scripts know as `displayName`.
    static func registryName(_ displayName: String) -> String { "piecebox." + displayName }

    var memberNames: Set<String> { Set(methods.keys).union(getters.keys) }
    var methodNames: [String] { methods.keys.sorted() }
    var propertyNames: [String] { getters.keys.sorted() }
    var answersAnyName: Bool { fallback != nil }

    func method(_ key: String, _ body: @escaping Method) { methods[key] = body }
    func property(_ key: String, _ body: @escaping Getter) { getters[key] = body }
    func anyProperty(_ body: @escaping (T, String, LuaCall) throws -> Int32) { fallback = body }

    /// Readings that hand a field to scripts as it is, declared together by name:
    /// `cls.readings(numbers: ["time": \.value.time], flags: ["isPlaying": \.value.isPlaying])`.
    func readings(numbers: KeyValuePairs<String, KeyPath<T, Double>> = [:],
                  flags: KeyValuePairs<String, KeyPath<T, Bool>> = [:],
                  texts: KeyValuePairs<String, KeyPath<T, String>> = [:]) {
        for (key, path) in numbers { property(key) { o, c in c.push(o[keyPath: path]); return 1 } }
        for (key, path) in flags { property(key) { o, c in c.push(o[keyPath: path]); return 1 } }
        for (key, path) in texts { property(key) { o, c in c.push(o[keyPath: path]); return 1 } }
    }

    /// The object behind argument `stack` (1 for a method's self), or an error that says how to call it.
    func object(_ call: LuaCall, stack: Int32 = 1, what: String) throws -> T {
        guard let raw = pb_object_box(call.L, stack, name) else {
            throw LuaHostError.message(
                "\(what): call it on a \(displayName) with a colon (\(displayName):\(what.split(separator: ":").last ?? "")(...)), got \(call.typeName(stack - call.offset))")
        }
        let box = Unmanaged<ObjectBox>.fromOpaque(raw).takeUnretainedValue()
        guard let object = box.object as? T else {
            throw LuaHostError.message("\(what): not a \(displayName)")
        }
        return object
    }

    /// Creates the metatable on first use in `state`: __index finds methods (cached as Lua functions in a
    /// methods table) and properties; __newindex refuses writes; __tostring names the class.
    func ensureMetatable(in state: LuaState) {
        let L = state.L
        pb_push_metatable(L, name)
        defer { clua_pop(L, 1) }
        lua_pushstring(L, "__index")
        guard lua_rawget(L, -2) == LUA_TNIL else { clua_pop(L, 1); return }
        clua_pop(L, 1)
        state.keepAlive.append(self)

        // The methods, made once per state.
        lua_createtable(L, 0, Int32(methods.count))
        for (key, body) in methods.sorted(by: { $0.key < $1.key }) {
            let fullName = "\(displayName):\(key)"
            lua_pushstring(L, key)
            state.pushFunction { [unowned self] call in
                let call = call.named(fullName, method: true)
                return try body(try self.object(call, what: fullName), call)
            }
            lua_rawset(L, -3)
        }
        let methodsIndex = lua_gettop(L)
        lua_pushstring(L, "__methods")
        lua_pushvalue(L, methodsIndex)
        lua_rawset(L, -4)

        // __index is a small Lua function over the methods table, so calling a method crosses into Swift once
        // (the call itself); only readings and misses reach the Swift lookup below.
        state.pushFunction { [unowned self] call in
            let L = call.L
            // Read with its length: "duration\0x" is no property of anyone's.
            guard lua_type(L, 2) == LUA_TSTRING, let key = try? LuaValue.textKey(L, 2) else { lua_pushnil(L); return 1 }
            // Methods: the Swift ones and any written in Lua live in the metatable's methods table.
            pb_push_metatable(L, self.name)
            lua_pushstring(L, "__methods")
            lua_rawget(L, -2)
            lua_pushvalue(L, 2)
            if lua_type(L, -2) == LUA_TTABLE, lua_rawget(L, -2) != LUA_TNIL { return 1 }
            clua_pop(L, 3)
            if let getter = self.getters[key] {
                let named = call.named("\(self.displayName).\(key)", method: true)
                return try getter(try self.object(named, what: "\(self.displayName).\(key)"), named)
            }
            // Methods plugins added to this class; built-in members came first.
            if PluginMethods.push(L, className: self.displayName, keyIndex: 2) { return 1 }
            if let fallback = self.fallback {
                let named = call.named("\(self.displayName).\(key)", method: true)
                return try fallback(try self.object(named, what: "\(self.displayName).\(key)"), key, named)
            }
            throw LuaHostError.message("\(self.displayName) has no field '\(key)'")
        }
        let slowIndex = lua_gettop(L)
        let outcome = state.run(text: Self.indexSource, chunkName: "=piecebox:index") { L in
            lua_pushvalue(L, methodsIndex - 1)
            lua_pushvalue(L, methodsIndex)
            lua_pushvalue(L, slowIndex)
            return 3
        }
        if case .ok = outcome {} else {
            // Out of memory or time while making it: the Swift lookup alone still finds everything.
            lua_pushstring(L, "__index")
            lua_pushvalue(L, slowIndex)
            lua_rawset(L, methodsIndex - 1)
        }
        clua_pop(L, 1)

        clua_pop(L, 1)  // the methods table

        lua_pushstring(L, "__newindex")
        state.pushFunction { [unowned self] call in
            let key = (try? call.string(2)) ?? "?"
            throw LuaHostError.message("\(self.displayName).\(key) is read-only")
        }
        lua_rawset(L, -3)

        lua_pushstring(L, "__tostring")
        state.pushFunction { [unowned self] call in
            call.push(self.displayName)
            return 1
        }
        lua_rawset(L, -3)
    }
}

extension LuaClass {
    /// Sets the metatable's __index: the methods table first (a plain table read, no Swift), then the Swift lookup
    /// for readings, plugin methods and misses.
    static var indexSource: String {
        #"""
        local metatable, methods, slow = ...
        metatable.__index = function(self, key)
          local method = methods[key]
          if method ~= nil then return method end
          return slow(self, key)
        end
        """#
    }
}

extension LuaState {
    /// The class `name` of this state, described by `describe` the first time it is asked for: every binding
    /// that pushes a value of that class gets the same description (and so the same metatable).
    func luaClass<T: AnyObject>(_ name: String, describe: (LuaClass<T>) -> Void) -> LuaClass<T> {
        if let cached = classCache[name] as? LuaClass<T> { return cached }
        let cls = LuaClass<T>(name)
        // Cached before it is described, so a method that returns its own class finds it.
        classCache[name] = cls
        describe(cls)
        return cls
    }
}
