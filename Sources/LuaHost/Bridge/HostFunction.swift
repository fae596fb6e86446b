import CLua
import CLuaShim
import Synchronization

/// A Swift function callable from Lua. It reads its arguments from `call`, pushes its results and returns
/// how many. It never raises a Lua error itself: it throws, and the C trampoline raises after it returns.
package typealias HostFunction = (LuaCall) throws -> Int32

/// What a Lua error becomes on the Swift side, and what a host function throws to raise one.
public enum LuaHostError: Error, CustomStringConvertible, Equatable {
    /// A message for the script; the trampoline prefixes the calling script's file and line.
    case message(String)
    /// The error value is already on the Lua stack (from a nested call into Lua); raise it unchanged.
    case passThrough

    public var description: String {
        switch self {
        case .message(let m): return m
        case .passThrough: return "(error raised by Lua)"
        }
    }
}

/// What a Lua function made by the host calls: retained by its Lua userdata, released by that userdata's finalizer
/// when Lua collects it, or, for the functions a state makes once, held by the state until it closes
/// (`LuaState.pushLastingFunction`). A subclass per kind of call (a plain function, a class's method, a class's readings), so
/// the trampoline reaches the right code with one dynamic call and no closure in between.
class HostCallable {
    /// Runs the call. `receiver` is the object box of a method's self, already checked against the class by the
    /// trampoline (nil: none, or not of the class); `reading` is the number of a reading looked up by name.
    func invoke(_ L: OpaquePointer, receiver: UnsafeMutableRawPointer?, reading: Int32) throws -> Int32 { 0 }
}

/// A plain Swift function callable from Lua.
final class HostFunctionBox: HostCallable {
    let body: HostFunction
    init(_ body: @escaping HostFunction) { self.body = body }

    override func invoke(_ L: OpaquePointer, receiver: UnsafeMutableRawPointer?, reading: Int32) throws -> Int32 {
        try body(LuaCall(hostCall: L))
    }
}

/// Retained by an object userdata; the object is a Swift class instance exposed to scripts.
package final class ObjectBox {
    package let object: AnyObject
    /// The object's address: while the box lives the object does, so a call can borrow it through this without
    /// retaining it (see `LuaClass.withReceiver`).
    let address: UnsafeMutableRawPointer
    package init(_ object: AnyObject) {
        self.object = object
        self.address = Unmanaged.passUnretained(object).toOpaque()
    }
}

/// Counts boxes alive, so tests can check that nothing leaks when a state closes.
enum BoxCensus {
    static let released = Atomic<Int>(0)
}

enum Bridge {
    /// Registers the dispatch and release functions with the C shim, once per process.
    static let installed: Void = {
        pb_set_dispatch(dispatchFromLua, releaseBox, letterForLua)
    }()
}

/// Called by the C trampoline for every Lua → Swift call. Catches everything: a Swift error becomes a
/// pushed value and PB_RAISE, so the raise happens in C after this frame is gone.
private func dispatchFromLua(_ L: OpaquePointer?, _ raw: UnsafeMutableRawPointer?,
                             _ receiver: UnsafeMutableRawPointer?, _ reading: Int32) -> Int32 {
    guard let L, let raw else { return PB_RAISE }
    do {
        // The Lua userdata holds a reference for as long as the function can be called.
        return try Unmanaged<HostCallable>.fromOpaque(raw)._withUnsafeGuaranteedRef {
            try $0.invoke(L, receiver: receiver, reading: reading)
        }
    } catch LuaHostError.passThrough {
        return PB_RAISE_RAW
    } catch let error as LuaHostError {
        pushBytes(L, error.description)
        return PB_RAISE
    } catch {
        pushBytes(L, String(describing: error))
        return PB_RAISE
    }
}

/// Called by the C trampoline when a host call ends while errors wait in the state's `CalloutMailbox`: pushes the
/// one this call ran into (the script's failure says more than the stage error it may have caused), if any.
private func letterForLua(_ L: OpaquePointer?) -> Int32 {
    guard let L, let limits = pb_limits_of(L), let letter = LuaState.owning(limits)?.mailbox.take(limits) else {
        return 0
    }
    pushBytes(L, letter)
    return 1
}

private func releaseBox(_ raw: UnsafeMutableRawPointer?) {
    guard let raw else { return }
    Unmanaged<AnyObject>.fromOpaque(raw).release()
    BoxCensus.released.add(1, ordering: .relaxed)
}
