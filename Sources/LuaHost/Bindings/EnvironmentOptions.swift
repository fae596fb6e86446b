import CLua
import CLuaShim
import PieceKit

/// Reads and writes the stage's environment as Lua options: width, height, safeArea, fps, reduceMotion,
/// layoutDirection, dynamicTypeSize, colorScheme, isEnabled, reduceTransparency, liquidGlass.
enum EnvironmentOptions {
    static let options: [OptionSpec] = [
        .init("width", "number", unit: "pt", bounds: .above(0), default: "393", "The screen's width"),
        .init("height", "number", unit: "pt", bounds: .above(0), default: "852", "The screen's height"),
        .init("safeArea", "{top?: number, bottom?: number, leading?: number, trailing?: number}", unit: "pt",
              default: "{ top = 59, bottom = 34 }", "Insets the system takes", must: "a table such as { top = 59, bottom = 34 }"),
        .init("reduceMotion", "boolean", default: "false", "Reduce Motion"),
        .init("layoutDirection", "\"leftToRight\"|\"rightToLeft\"", default: "\"leftToRight\"", "The layout direction")
            .choosing(LayoutDirection.allCases.map(\.rawValue)),
        .init("dynamicTypeSize", "string", default: "\"large\"", "The Dynamic Type size")
            .choosing(DynamicTypeSize.allCases.map(\.rawValue)),
        .init("colorScheme", "\"light\"|\"dark\"", default: "\"light\"", "The colour scheme").choosing(ColorScheme.allCases.map(\.rawValue)),
        .init("isEnabled", "boolean", default: "true", "Whether controls are enabled"),
        .init("reduceTransparency", "boolean", default: "false", "Reduce Transparency"),
        .init("liquidGlass", "boolean", default: "true",
              "Whether the system draws Liquid Glass (iOS 26 and later); false draws the frosted fallback of older systems"),
    ]
    static let keys = OptionSpec.names(options)

    /// `base` with every option given in `o` applied; sizes must be positive, insets at least 0.
    static func apply(_ given: Options, to base: PieceEnvironment) throws -> PieceEnvironment {
        var env = base
        // The environment's keys read by their own declarations (bounds included), whoever made the table.
        var o = given
        o.specs = options
        try o.checkDeclaredValues()
        if let w = try o.number("width") { env.size.width = w }
        if let h = try o.number("height") { env.size.height = h }
        if let safe = try o.table("safeArea") {
            let inner = Options(function: o.function + ": safeArea", table: safe)
            for k in safe.keys where !["top", "bottom", "leading", "trailing"].contains(k) {
                throw ArgumentErrors.refusal(o.function, "safeArea has an unknown key '\(k)' (known: top, bottom, leading, trailing)")
            }
            func inset(_ k: String, _ d: Double) throws -> Double {
                guard try inner.number(k) != nil else { return d }
                return try o.number(safe[k], at: "safeArea.\(k)", bounds: .atLeast(0), must: "at least 0")
            }
            env.safeArea = EdgeInsets(top: try inset("top", 0), leading: try inset("leading", 0),
                                      bottom: try inset("bottom", 0), trailing: try inset("trailing", 0))
        }
        env.reduceMotion = try o.boolean("reduceMotion", default: env.reduceMotion)
        env.isEnabled = try o.boolean("isEnabled", default: env.isEnabled)
        env.reduceTransparency = try o.boolean("reduceTransparency", default: env.reduceTransparency)
        env.liquidGlass = try o.boolean("liquidGlass", default: env.liquidGlass)
        if let d = try o.choice("layoutDirection", LayoutDirection.self) { env.layoutDirection = d }
        if let d = try o.choice("dynamicTypeSize", DynamicTypeSize.self) { env.dynamicTypeSize = d }
        if let c = try o.choice("colorScheme", ColorScheme.self) { env.colorScheme = c }
        return env
    }

    /// Writes `env` into the table at absolute index `table`, field by field, with the values `value(env)` holds,
    /// so a table a layout is handed each time is kept and refreshed rather than made anew. `safeArea` is written
    /// into the table already there (a new one when the script put something else there).
    static func write(_ env: PieceEnvironment, into table: Int32, _ L: OpaquePointer) {
        guard lua_checkstack(L, 4) != 0 else { return }
        func set(_ key: String, _ push: () -> Void) {
            lua_pushstring(L, key)
            push()
            lua_rawset(L, table)
        }
        func text(_ s: String) -> () -> Void { { pushBytes(L, s) } }
        func number(_ n: Double) -> () -> Void { { pushNumber(L, n) } }
        func flag(_ b: Bool) -> () -> Void { { lua_pushboolean(L, b ? 1 : 0) } }
        set("colorScheme", text(env.colorScheme.rawValue))
        set("dynamicTypeSize", text(env.dynamicTypeSize.rawValue))
        set("height", number(env.size.height))
        set("isEnabled", flag(env.isEnabled))
        set("layoutDirection", text(env.layoutDirection.rawValue))
        set("liquidGlass", flag(env.liquidGlass))
        set("reduceMotion", flag(env.reduceMotion))
        set("reduceTransparency", flag(env.reduceTransparency))
        lua_pushstring(L, "safeArea")
        if lua_rawget(L, table) != LUA_TTABLE {
            clua_pop(L, 1)
            lua_createtable(L, 0, 4)
            lua_pushstring(L, "safeArea")
            lua_pushvalue(L, -2)
            lua_rawset(L, table)
        }
        let inset = lua_gettop(L)
        // Four plain calls, not a loop over a list: this runs before every layout call.
        func setInset(_ key: String, _ value: Double) {
            lua_pushstring(L, key)
            pushNumber(L, value)
            lua_rawset(L, inset)
        }
        setInset("bottom", env.safeArea.bottom)
        setInset("leading", env.safeArea.leading)
        setInset("top", env.safeArea.top)
        setInset("trailing", env.safeArea.trailing)
        clua_pop(L, 1)
        set("width", number(env.size.width))
    }

    static func value(_ env: PieceEnvironment) -> LuaValue {
        .table(LuaTable(fields: [
            ("colorScheme", .string(env.colorScheme.rawValue)),
            ("dynamicTypeSize", .string(env.dynamicTypeSize.rawValue)),
            ("height", .number(env.size.height)),
            ("isEnabled", .boolean(env.isEnabled)),
            ("layoutDirection", .string(env.layoutDirection.rawValue)),
            ("liquidGlass", .boolean(env.liquidGlass)),
            ("reduceMotion", .boolean(env.reduceMotion)),
            ("reduceTransparency", .boolean(env.reduceTransparency)),
            ("safeArea", .table(LuaTable(fields: [
                ("bottom", .number(env.safeArea.bottom)), ("leading", .number(env.safeArea.leading)),
                ("top", .number(env.safeArea.top)), ("trailing", .number(env.safeArea.trailing)),
            ]))),
            ("width", .number(env.size.width)),
        ]))
    }
}
