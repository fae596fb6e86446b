import CLua
import CLuaShim
import PieceKit

/// One `tasks` entry.
struct LuaPieceTask {
    let idRef: Int32
    let runRef: Int32
    let initial: Bool
    /// The key of a table of the latest `id` values (`n` their count); LUA_NOREF before the first read.
    var lastRef = LUA_NOREF
    /// The run waiting to start, and the function a run asked for later (its work and the key
    /// that keeps the function, let go when it runs or is cancelled).
    var pendingRun: ScheduledID?
    var pendingLater: (work: ScheduledID, ref: Int32)?
    /// Its id changed inside one of the piece's own calls: it runs when that call ends.
    var isDue = false
}

/// Reads `tasks = { { id = function(state, env) ... end, run = function(state, env) ... end, initial = true }, ... }`.
enum LuaPieceTasks {
    /// A fixed bound on the ids each layout reads.
    static let limit = 16
    static let keys = ["id", "initial", "run"]

    /// The task table at `task`'s least unknown key as a message says it ("an unknown key 'x'", "a boolean key"), or
    /// nil when every key is known. The least, not the first met: Lua walks string keys in an order its hash seed
    /// decides, which changes from run to run. Keys are compared where they lie, and only a short head of the one
    /// named is copied, however long the script made it (a copy of all of it would be host memory no cap counted).
    /// A string key comes before a key of another type; of those, the least type name is said.
    private static func unknownKey(_ L: OpaquePointer, _ task: Int32) -> String? {
        var least: UnsafeRawBufferPointer?
        var otherType: String?
        lua_pushnil(L)
        while lua_next(L, task) != 0 {
            clua_pop(L, 1)
            guard lua_type(L, -1) == LUA_TSTRING else {
                let type = TypeName.of(L, -1)
                if otherType.map({ type < $0 }) ?? true { otherType = type }
                continue
            }
            var count = 0
            // A key string stays alive while the table holds it, and the walk allocates nothing.
            guard let p = lua_tolstring(L, -1, &count) else { continue }
            let key = UnsafeRawBufferPointer(start: p, count: count)
            if keys.contains(where: { $0.utf8.elementsEqual(key) }) { continue }
            if let current = least, !key.lexicographicallyPrecedes(current) { continue }
            least = key
        }
        if let least {
            let head = UnsafeRawBufferPointer(rebasing: least.prefix(shownBytes))
            let shown = LuaValue.shown(String(decoding: head, as: UTF8.self))
            return "an unknown key '\(shown)\(least.count > shownBytes && !shown.hasSuffix("...") ? "..." : "")'"
        }
        return otherType.map { "a \($0) key" }
    }

    /// Enough of a key for the 80 characters `LuaValue.shown` keeps (at most 4 bytes each).
    private static let shownBytes = 320

    static func read(_ L: OpaquePointer, _ t: Int32, _ c: LuaCall, values: StageValues) throws -> [LuaPieceTask] {
        lua_pushstring(L, "tasks")
        lua_rawget(L, t)
        defer { clua_pop(L, 1) }
        if lua_type(L, -1) == LUA_TNIL { return [] }
        let shape = "a list of tasks such as { { id = function(state, env) ... end, run = function(state, env) ... end } }"
        let list = lua_gettop(L)
        guard lua_type(L, list) == LUA_TTABLE else {
            throw c.optionError("tasks", shape, got: TypeName.of(L, list))
        }
        // Only a list of at most `limit`: any other key is a mistake (a task given straight, not in a list). The
        // walk stops at the first key too many, so its length is bounded whatever the table holds.
        let count = Int(lua_rawlen(L, list))
        guard count <= limit else {
            throw c.refusal("option 'tasks' has \(count) tasks; a piece may have at most \(limit)")
        }
        lua_pushnil(L)
        var seen = 0
        while lua_next(L, list) != 0 {
            clua_pop(L, 1)
            seen += 1
            var isInteger: Int32 = 0
            let key = lua_tointegerx(L, -1, &isInteger)
            guard seen <= count, lua_type(L, -1) == LUA_TNUMBER, isInteger != 0, key >= 1, key <= count else {
                clua_pop(L, 1)
                throw c.optionError("tasks", shape, got: "a table with other keys")
            }
        }
        var tasks: [LuaPieceTask] = []
        // A task refused part way lets go of the functions the tasks before it kept: nobody holds them yet.
        do {
            try readEach(L, list, count, c, values: values, into: &tasks)
        } catch {
            for task in tasks {
                values.release([task.idRef])
                values.release([task.runRef])
            }
            throw error
        }
        return tasks
    }

    private static func readEach(_ L: OpaquePointer, _ list: Int32, _ count: Int, _ c: LuaCall, values: StageValues,
                                 into tasks: inout [LuaPieceTask]) throws {
        for index in stride(from: 1, through: count, by: 1) {
            lua_rawgeti(L, list, lua_Integer(index))
            let task = lua_gettop(L)
            defer { lua_settop(L, task - 1) }
            let at = "option 'tasks': task \(index)"
            guard lua_type(L, task) == LUA_TTABLE else {
                throw c.valueError(at, "a table { id = function(state, env), run = function(state, env) }",
                                   got: TypeName.of(L, task))
            }
            if let unknown = unknownKey(L, task) {
                throw c.refusal("\(at) has \(unknown) (known: \(keys.joined(separator: ", ")))")
            }
            func function(_ key: String) throws -> Int32 {
                lua_pushstring(L, key)
                guard lua_rawget(L, task) == LUA_TFUNCTION else {
                    let got = TypeName.of(L, -1)
                    throw c.valueError("\(at): '\(key)'", "a function(state, env)", got: got)
                }
                return values.keep(L)
            }
            lua_pushstring(L, "initial")
            let initialType = lua_rawget(L, task)
            guard initialType == LUA_TNIL || initialType == LUA_TBOOLEAN else {
                throw c.valueError("\(at): 'initial'", "true or false", got: TypeName.of(L, -1))
            }
            let initial = initialType == LUA_TNIL || lua_toboolean(L, -1) != 0
            clua_pop(L, 1)
            let id = try function("id")
            let run: Int32
            do { run = try function("run") } catch {
                values.release([id])
                throw error
            }
            tasks.append(LuaPieceTask(idRef: id, runRef: run, initial: initial))
        }
    }
}
