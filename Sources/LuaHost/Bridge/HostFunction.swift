import CLua
import CLuaShim
import Synchronization

/// A Swift function callable from Lua. It reads its arguments from `call`, pushes its results and returns
/// how many. It never raises a Lua error itself: it throws, and the C trampoline raises after it returns.
typealias HostFunction = (LuaCall) throws -> Int32

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

/// Retained by its Lua userdata; released by that userdata's finalizer when Lua collects it.
final class HostFunctionBox {
    let body: HostFunction
    init(_ body: @escaping HostFunction) { self.body = body }
}

/// Retained by an object userdata; the object is a Swift class instance exposed to scripts.
final class ObjectBox {
    let object: AnyObject
    init(_ object: AnyObject) { self.object = object }
}

/// Counts boxes alive, so tests can check that nothing leaks when a state closes.
enum BoxCensus {
    static let released = Atomic<Int>(0)
}

enum Bridge {
    /// Registers the dispatch and release functions with the C shim, once per process.
    static let installed: Void = {
        pb_set_dispatch(dispatchFromLua, releaseBox)
    }()
}

/// Called by the C trampoline for every Lua → Swift call. Catches everything: a Swift error becomes a
/// pushed value and PB_RAISE, so the raise happens in C after this frame is gone.
private func dispatchFromLua(_ L: OpaquePointer?, _ raw: UnsafeMutableRawPointer?) -> Int32 {
    guard let L, let raw else { return PB_RAISE }
    let box = Unmanaged<HostFunctionBox>.fromOpaque(raw).takeUnretainedValue()
    do {
        return try box.body(LuaCall(L))
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

private func releaseBox(_ raw: UnsafeMutableRawPointer?) {
    guard let raw else { return }
    Unmanaged<AnyObject>.fromOpaque(raw).release()
    BoxCensus.released.add(1, ordering: .relaxed)
}
