import CLua
import CLuaShim

/// What a class's own members are called, whatever its object type: plugins may not reuse these names.
package protocol LuaClassMembers: AnyObject {
    var memberNames: Set<String> { get }
    /// The names called with a colon that have a Swift body, and the names read as fields (tests walk them).
    var methodNames: [String] { get }
    var propertyNames: [String] { get }
    /// Whether a fallback answers names that are not fixed (a tier or role looked up by name).
    var answersAnyName: Bool { get }
}

/// How a Swift class appears to scripts: a userdata with methods (called with a colon) and read-only
/// properties. The metatable is the host's and is protected, so scripts can neither read nor replace it.
package final class LuaClass<T: AnyObject>: LuaClassMembers {
    package typealias Method = (T, LuaCall) throws -> Int32
    package typealias Getter = (T, LuaCall) throws -> Int32

    /// Registry name of the metatable, e.g. "piecebox.stage".
    package let name: String
    /// What scripts see in messages: "stage", "player".
    let displayName: String
    package private(set) var methods: [String: Method] = [:]
    private(set) var getters: [String: Getter] = [:]
    /// For keys that are not fixed names (a tier or role looked up by name).
    private(set) var fallback: ((T, String, LuaCall) throws -> Int32)?
    /// Members one object has of its own (a Lua piece's `methods`): pushes the member and gives 1, or gives nil
    /// when the object has none by that name; with `names`, what the object has, for the miss's hint.
    private(set) var ownMembers: ((T, String, LuaCall) throws -> Int32?)?
    private(set) var ownMemberNames: ((T) -> [String])?
    /// What a refusal calls an object of the class before ":method", when it is not the class's name (a view is
    /// called by its kind: "Text:lineLimit"); set by `nameObjects`.
    private(set) var objectName: ((T) -> String)?

    /// `declaring`: keep what each member declares (its doc, arguments, types). Only a description of the API
    /// asks for that (`BindingRegistry.declarations`); a scenario's classes skip it, so the metadata, written as
    /// arguments evaluated only when kept, costs a file nothing.
    package init(_ displayName: String, declaring: Bool = false) {
        self.displayName = displayName
        self.name = Self.registryName(displayName)
        self.declaring = declaring
    }

    /// The metatable's registry name for the class scripts know as `displayName`.
    package static func registryName(_ displayName: String) -> String { "piecebox." + displayName }

    /// Whether declarations are kept (see `init`).
    let declaring: Bool
    /// What the class said about its members as they were installed, in the order they were (when `declaring`).
    package private(set) var declaration = ClassDeclaration()

    package var memberNames: Set<String> { Set(methods.keys).union(getters.keys) }
    package var methodNames: [String] { methods.keys.sorted() }
    package var propertyNames: [String] { getters.keys.sorted() }
    package var answersAnyName: Bool { fallback != nil }

    /// Installs method `key` with a one-line `doc`, what it takes (`args`) and what it gives (`returns`, nil for
    /// nothing): the one place the method is named and described.
    /// The arguments are kept unevaluated beside the body: the body's reads (`c.number(1)`) decode and word their
    /// errors from them, built the first time a call needs them (see `ArgumentDeclarations`).
    package func method(_ key: String, _ doc: @autoclosure () -> String,
                        _ args: @autoclosure @escaping () -> [ArgumentSpec] = [],
                        returns: @autoclosure () -> String? = nil, _ body: @escaping Method) {
        if declaring { declare(MethodSpec(name: key, args: args(), returns: returns(), doc: doc(), writtenInLua: false)) }
        methods[key] = body
        arguments[key] = args
    }

    /// Each method's declared arguments, unevaluated (see `method`).
    private(set) var arguments: [String: () -> [ArgumentSpec]] = [:]

    /// Declares method `key` whose body is Lua, put in the class's methods table by a host chunk (the stage's
    /// `runUntil`); a test holds the chunk's methods to these declarations.
    package func luaMethod(_ key: String, _ doc: @autoclosure () -> String, _ args: @autoclosure () -> [ArgumentSpec] = [],
                   returns: @autoclosure () -> String? = nil) {
        if declaring { declare(MethodSpec(name: key, args: args(), returns: returns(), doc: doc(), writtenInLua: true)) }
    }

    /// Installs reading `key` of Lua type `type` (`unit` for a number's unit) with a one-line `doc`.
    package func reading(_ key: String, _ type: @autoclosure () -> String, unit: @autoclosure () -> String? = nil,
                 _ doc: @autoclosure () -> String, _ body: @escaping Getter) {
        if declaring {
            declaration.readings.removeAll { $0.name == key }
            declaration.readings.append(ReadingSpec(name: key, type: type(), unit: unit(), doc: doc()))
        }
        getters[key] = body
    }

    /// A reading that hands a number field to scripts as it is.
    package func reading(_ key: String, unit: @autoclosure () -> String? = nil, _ doc: @autoclosure () -> String,
                 _ path: KeyPath<T, Double>) {
        reading(key, "number", unit: unit(), doc()) { o, c in c.push(o[keyPath: path]); return 1 }
    }

    /// A reading that hands a flag to scripts as it is.
    package func reading(_ key: String, _ doc: @autoclosure () -> String, _ path: KeyPath<T, Bool>) {
        reading(key, "boolean", doc()) { o, c in c.push(o[keyPath: path]); return 1 }
    }

    /// A reading that hands a text to scripts as it is.
    package func reading(_ key: String, _ doc: @autoclosure () -> String, _ path: KeyPath<T, String>) {
        reading(key, "string", doc()) { o, c in c.push(o[keyPath: path]); return 1 }
    }

    /// Answers names that are not fixed (a tier or role looked up by name); `type` and `doc` say what they give.
    package func anyName(_ type: @autoclosure () -> String, _ doc: @autoclosure () -> String,
                 _ body: @escaping (T, String, LuaCall) throws -> Int32) {
        if declaring { declaration.anyName = ReadingSpec(name: "[string]", type: type(), unit: nil, doc: doc()) }
        fallback = body
    }

    /// Lets each object answer names of its own after the class's members (see `ownMembers`).
    package func objectMembers(_ body: @escaping (T, String, LuaCall) throws -> Int32?, names: @escaping (T) -> [String]) {
        ownMembers = body
        ownMemberNames = names
    }

    /// Names each object in refusals by `name` rather than by the class ("Text:frame", not "view:frame").
    package func nameObjects(_ name: @escaping (T) -> String) { objectName = name }

    /// Marks the class as one a finger can reach (`InteractionBinding.addMethods` does, with the gestures).
    package func declareInteractive() { declaration.interactive = true }

    /// A later declaration of a name replaces an earlier one, as its body does.
    private func declare(_ spec: MethodSpec) {
        declaration.methods.removeAll { $0.name == spec.name }
        declaration.methods.append(spec)
    }

    /// The object behind argument `stack` (1 for a method's self), or an error that says how to call it.
    package func object(_ call: LuaCall, stack: Int32 = 1, what: String) throws -> T {
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

    /// A method's or reading's object: the receiver the trampoline already matched to this class's metatable, taken
    /// without a lookup; when there is none (a dot instead of a colon, another object), the checks above explain.
    @inline(__always)
    func object(_ call: LuaCall, receiver: UnsafeMutableRawPointer?, what: String) throws -> T {
        if let receiver {
            let object = Unmanaged<ObjectBox>.fromOpaque(receiver).takeUnretainedValue().object
            // The metatable is this class's, so the object is a T; the exact-type test keeps that a fact, not a hope.
            if ObjectIdentifier(type(of: object)) == ObjectIdentifier(T.self) { return unsafeDowncast(object, to: T.self) }
        }
        return try object(call, stack: 1, what: what)
    }

    /// Runs `body` with the receiver's object borrowed, not retained (the object's userdata, argument 1, holds its
    /// box for the whole call); nil when there is no receiver or its object is not exactly a T. The trampoline matched
    /// the class already; the exact-type test keeps "it is a T" a fact.
    @inline(__always)
    func withReceiver<R>(_ receiver: UnsafeMutableRawPointer?, _ body: (T) throws -> R) rethrows -> R? {
        guard let receiver else { return nil }
        let address = Unmanaged<ObjectBox>.fromOpaque(receiver)._withUnsafeGuaranteedRef { $0.address }
        let type = Unmanaged<AnyObject>.fromOpaque(address)._withUnsafeGuaranteedRef { ObjectIdentifier(Swift.type(of: $0)) }
        guard type == ObjectIdentifier(T.self) else { return nil }
        return try Unmanaged<T>.fromOpaque(address)._withUnsafeGuaranteedRef { try body($0) }
    }

    /// Creates the metatable on first use in `state`: __index reads the methods table (no Swift), then readings by
    /// number and misses (Swift); __newindex refuses writes; __tostring names the class. The methods and readings
    /// tables start empty and are filled the first time an object of the class is asked for a name they do not hold
    /// (`fill`): most files hold a class's values (`motion.tiers`, an animation) without calling one of its methods,
    /// and making a Lua function per method was most of what a class cost a state. A script sees the same either
    /// way: the first read of any name fills the tables before it is answered.
    package func ensureMetatable(in state: LuaState) {
        let L = state.L
        pb_push_metatable(L, name)
        defer { clua_pop(L, 1) }
        let metatable = lua_gettop(L)
        lua_pushstring(L, "__index")
        guard lua_rawget(L, metatable) == LUA_TNIL else { clua_pop(L, 1); return }
        clua_pop(L, 1)
        state.keepAlive.append(self)

        // The methods table is also where methods written in Lua go (the stage's runUntil).
        lua_createtable(L, 0, 0)
        let methodsTable = lua_gettop(L)
        lua_pushstring(L, "__methods")
        lua_pushvalue(L, methodsTable)
        lua_rawset(L, metatable)
        // Readings by number, so the hot path makes no Swift string of the key.
        lua_createtable(L, 0, 0)
        let readingsTable = lua_gettop(L)
        lua_pushstring(L, Self.readingsKey)
        lua_pushvalue(L, readingsTable)
        lua_rawset(L, metatable)

        lua_pushstring(L, "__index")
        let index = IndexBox(self)
        pb_push_index(L, Unmanaged.passRetained(index).toOpaque(), methodsTable, readingsTable, metatable)
        lua_rawset(L, metatable)
        clua_pop(L, 2)  // the readings and methods tables

        lua_pushstring(L, "__newindex")
        state.pushLastingFunction { [unowned self] call in
            let key = (try? call.string(2)) ?? "?"
            throw LuaHostError.message("\(self.displayName).\(key) is read-only")
        }
        lua_rawset(L, -3)

        lua_pushstring(L, "__tostring")
        state.pushLastingFunction { [unowned self] call in
            call.push(self.displayName)
            return 1
        }
        lua_rawset(L, -3)
    }

    /// Where the metatable keeps its readings table (name to number), beside `__methods`.
    static var readingsKey: String { "__readings" }

    /// Fills the class's methods and readings tables in `L`'s state (once; `index` remembers) and gives the
    /// readers by number. Each method checks its self against this metatable in C.
    fileprivate func fill(_ L: OpaquePointer, _ index: IndexBox<T>) -> [Reader] {
        if let readers = index.readers { return readers }
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        pb_push_metatable(L, name)
        let metatable = lua_gettop(L)
        let state = LuaState.owning(pb_limits_of(L))
        lua_pushstring(L, "__methods")
        lua_rawget(L, metatable)
        let methodsTable = lua_gettop(L)
        let sortedMethods = methods.sorted(by: { $0.key < $1.key })
        let kept = state?.keepMethods(count: sortedMethods.count)
        let cls = lua_topointer(L, metatable)
        for (i, (key, body)) in sortedMethods.enumerated() {
            lua_pushstring(L, key)
            let box = MethodBox(self, key: key, body: body, arguments: arguments[key] ?? { [] })
            if let state, let kept {
                (kept + i).initialize(to: pb_method(box: state.keepLasting(box), cls: cls))
                pb_push_lasting_method(L, kept + i)
            } else {
                pb_push_swift_method(L, Unmanaged.passRetained(box).toOpaque(), metatable)
            }
            lua_rawset(L, methodsTable)
        }
        lua_pushstring(L, Self.readingsKey)
        lua_rawget(L, metatable)
        let readingsTable = lua_gettop(L)
        let sorted = getters.sorted(by: { $0.key < $1.key })
        for (i, (key, _)) in sorted.enumerated() {
            lua_pushstring(L, key)
            lua_pushinteger(L, lua_Integer(i + 1))
            lua_rawset(L, readingsTable)
        }
        let readers = sorted.map { key, body in reader("\(displayName).\(key)", body) }
        index.readers = readers
        return readers
    }

    /// After `fill`: the method named by the key at index 2, pushed (1), or the reading's number (its results
    /// pushed by its reader), or nil when the class has neither.
    fileprivate func answerAfterFill(_ L: OpaquePointer, receiver: UnsafeMutableRawPointer?,
                                     readers: [Reader]) throws -> Int32? {
        guard let methodsTable = Self.pushTable(self, "__methods", L) else { return nil }
        lua_pushvalue(L, 2)
        if lua_rawget(L, methodsTable) != LUA_TNIL {
            clua_remove(L, methodsTable)
            return 1
        }
        lua_settop(L, methodsTable - 1)
        guard let readingsTable = Self.pushTable(self, Self.readingsKey, L) else { return nil }
        lua_pushvalue(L, 2)
        let number = lua_rawget(L, readingsTable) == LUA_TNUMBER ? Int(lua_tointegerx(L, -1, nil)) : 0
        lua_settop(L, readingsTable - 1)
        guard number > 0, number <= readers.count else { return nil }
        return try readers[number - 1](L, receiver)
    }

    /// Pushes the metatable's table `key` and gives its index; nil, with nothing pushed, when there is none.
    private static func pushTable(_ cls: LuaClass, _ key: String, _ L: OpaquePointer) -> Int32? {
        guard lua_checkstack(L, 4) != 0 else { return nil }
        lua_pushstring(L, cls.name)
        guard lua_rawget(L, CLUA_REGISTRYINDEX) == LUA_TTABLE else { clua_pop(L, 1); return nil }
        lua_pushstring(L, key)
        guard lua_rawget(L, -2) == LUA_TTABLE else { clua_pop(L, 2); return nil }
        clua_remove(L, -2)
        return lua_gettop(L)
    }

    /// A reading as __index runs it: (thread, receiver) -> results. Its type names no T, so picking one out of the
    /// list needs no generic type looked up at run time (a list of a type nested in this generic class did, per read).
    typealias Reader = (OpaquePointer, UnsafeMutableRawPointer?) throws -> Int32

    /// The reader of `body`, named `fullName` in messages ("spring.duration").
    private func reader(_ fullName: String, _ body: @escaping Getter) -> Reader {
        { L, receiver in
            let call = LuaCall(hostCall: L, function: fullName, offset: 1)
            if let done = try self.withReceiver(receiver, { try body($0, call) }) { return done }
            return try body(try self.object(call, receiver: receiver, what: fullName), call)
        }
    }

    /// What __index asks Swift for: a reading by number, else (the tables filled first, on the first miss) a
    /// built-in member, a plugin's method, the fallback, or the miss's error.
    fileprivate func read(_ L: OpaquePointer, receiver: UnsafeMutableRawPointer?, reading: Int32,
                          index: IndexBox<T>) throws -> Int32 {
        if reading > 0, let readings = index.readers, Int(reading) <= readings.count {
            return try readings[Int(reading) - 1](L, receiver)
        }
        if index.readers == nil, lua_type(L, 2) == LUA_TSTRING {
            let readers = fill(L, index)
            if let answered = try answerAfterFill(L, receiver: receiver, readers: readers) { return answered }
        }
        // Read with its length: "duration\0x" is no property of anyone's.
        guard lua_type(L, 2) == LUA_TSTRING, let key = try? LuaValue.textKey(L, 2) else { lua_pushnil(L); return 1 }
        // Methods plugins added to this class; built-in members came first.
        if PluginMethods.push(L, className: displayName, keyIndex: 2) { return 1 }
        if let fallback {
            let what = "\(displayName).\(key)"
            let call = LuaCall(hostCall: L, function: what, offset: 1)
            return try fallback(try object(call, receiver: receiver, what: what), key, call)
        }
        var own: [String] = []
        if let ownMembers, let ownMemberNames {
            let what = "\(displayName).\(key)"
            let call = LuaCall(hostCall: L, function: what, offset: 1)
            let object = try object(call, receiver: receiver, what: what)
            if let found = try ownMembers(object, key, call) { return found }
            own = ownMemberNames(object)
        }
        throw LuaHostError.message("\(displayName) has no field '\(key)'"
            + NearName.hint(for: key, among: memberNames(L) + own))
    }
}

extension LuaClass {
    /// Every name an object of this class answers in `L`'s state: its methods (those written in Lua too), its
    /// readings and the methods plugins added. Reads only, with raw access.
    package func memberNames(_ L: OpaquePointer) -> [String] {
        var names = Array(getters.keys) + Array(methods.keys)
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        guard lua_checkstack(L, 4) != 0 else { return names }
        for table in [Self.methodsTable, Self.pluginTable] {
            lua_settop(L, top)
            guard table(self, L) else { continue }
            let t = lua_gettop(L)
            lua_pushnil(L)
            while lua_next(L, t) != 0 {
                clua_pop(L, 1)
                if lua_type(L, -1) == LUA_TSTRING, let name = try? LuaValue.textKey(L, -1) { names.append(name) }
            }
        }
        return names
    }

    /// Pushes the class's methods table (the metatable's `__methods`); false, with nothing pushed, when it has none.
    private static func methodsTable(_ cls: LuaClass, _ L: OpaquePointer) -> Bool {
        lua_pushstring(L, cls.name)
        guard lua_rawget(L, CLUA_REGISTRYINDEX) == LUA_TTABLE else { clua_pop(L, 1); return false }
        lua_pushstring(L, "__methods")
        guard lua_rawget(L, -2) == LUA_TTABLE else { clua_pop(L, 2); return false }
        return true
    }

    /// Pushes the methods plugins added to the class; false, with nothing pushed, when there are none.
    private static func pluginTable(_ cls: LuaClass, _ L: OpaquePointer) -> Bool {
        lua_pushstring(L, HostSlot.pluginMethods.rawValue)
        guard lua_rawget(L, CLUA_REGISTRYINDEX) == LUA_TTABLE else { clua_pop(L, 1); return false }
        lua_pushstring(L, cls.displayName)
        guard lua_rawget(L, -2) == LUA_TTABLE else { clua_pop(L, 2); return false }
        return true
    }
}

/// One method of a class: checks its self (the trampoline has matched it already) and runs the body.
/// Its call reads arguments through the method's declarations, which it holds (built on the first read that needs them).
private final class MethodBox<T: AnyObject>: HostCallable {
    let cls: LuaClass<T>
    let fullName: String
    let key: String
    let body: LuaClass<T>.Method
    let declarations: ArgumentDeclarations

    init(_ cls: LuaClass<T>, key: String, body: @escaping LuaClass<T>.Method, arguments: @escaping () -> [ArgumentSpec]) {
        self.cls = cls; self.key = key; self.fullName = "\(cls.displayName):\(key)"; self.body = body
        self.declarations = ArgumentDeclarations(arguments)
    }

    /// The call is made where it is used, not captured by the closure: capturing it copied it (its name and
    /// budget retained and released) on every call, a third of a method call's cost.
    override func invoke(_ L: OpaquePointer, receiver: UnsafeMutableRawPointer?, reading: Int32) throws -> Int32 {
        if lua_gettop(L) - 1 > declarations.table.declaredCount { try refuseUndeclared(L, receiver: receiver) }
        if let done = try cls.withReceiver(receiver, {
            try body($0, LuaCall(hostCall: L, function: fullName, offset: 1, declared: declarations))
        }) { return done }
        let call = LuaCall(hostCall: L, function: fullName, offset: 1, declared: declarations)
        return try body(try cls.object(call, receiver: receiver, what: fullName), call)
    }

    /// A call given more arguments than declared, out of line: a wrong self is said first, then a non-nil argument
    /// past the declared ones (`LuaCall.noneUndeclared`); trailing nils pass.
    @inline(never)
    private func refuseUndeclared(_ L: OpaquePointer, receiver: UnsafeMutableRawPointer?) throws {
        let call = LuaCall(hostCall: L, function: fullName, offset: 1, declared: declarations)
        let object = try cls.withReceiver(receiver, { $0 }) ?? cls.object(call, receiver: receiver, what: fullName)
        try call.noneUndeclared(as: cls.objectName.map { "\($0(object)):\(key)" } ?? fullName)
    }
}

/// The Swift half of a class's __index in one state: readings, the first fill of the tables, plugin methods, the
/// fallback and misses.
private final class IndexBox<T: AnyObject>: HostCallable {
    let cls: LuaClass<T>
    /// The readers by number, once the state's tables are filled (`LuaClass.fill`); nil before.
    var readers: [LuaClass<T>.Reader]?

    init(_ cls: LuaClass<T>) { self.cls = cls }

    override func invoke(_ L: OpaquePointer, receiver: UnsafeMutableRawPointer?, reading: Int32) throws -> Int32 {
        try cls.read(L, receiver: receiver, reading: reading, index: self)
    }
}

extension LuaState {
    /// The class `name` of this state, described by `describe` the first time it is asked for: every binding
    /// that pushes a value of that class gets the same description (and so the same metatable).
    package func luaClass<T: AnyObject>(_ name: String, describe: (LuaClass<T>) -> Void) -> LuaClass<T> {
        if let cached = classCache[name] as? LuaClass<T> { return cached }
        let cls = LuaClass<T>(name)
        // Cached before it is described, so a method that returns its own class finds it.
        classCache[name] = cls
        describe(cls)
        return cls
    }
}
