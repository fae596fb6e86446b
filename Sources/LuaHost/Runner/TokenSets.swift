import CLua
import CLuaShim
import Foundation
import PieceKit

/// `piecebox run --tokens FILE`: a Lua file returning motion overrides (as `motion.override` takes them), loaded
/// into every scenario's sandbox before its plugins and its first line. It runs in an environment of its own, with
/// copies of `motion`, `math`, `string` and `table` and a few basic functions, so nothing it assigns reaches the
/// scenario: only what it returns does, checked as `motion.override` checks it. That lies under the file's own
/// overrides, and `motion.resetOverrides()` goes back to it.
enum TokenSetLoader {
    /// Loads the token set at `path`; nil when it applied, else the message for the file.
    static func load(_ path: String, into context: BindingContext) -> String? {
        guard let data = RegularFile.contents(path) else { return "--tokens \(path): cannot read the file (only a regular file is read)" }
        let source = String(decoding: data, as: UTF8.self)
        let state = context.state
        let outcome = state.run(text: HostChunk.tokens.text, chunkName: HostChunk.tokens.chunkName) { L in
            pushBytes(L, path)
            pushBytes(L, source)
            state.pushFunction { c in
                let c = c.named("token set")
                context.tokenSetOverrides = try MotionBinding.overridesFromOptions(c, context: context)
                return 0
            }
            // What an error calls a value (`TypeName`).
            lua_pushcclosure(L, pb_lua_type_name, 0)
            return 4
        }
        switch outcome {
        case .ok: return nil
        case .error(let message, _): return "--tokens \(path): \(message)"
        case .breach(let breach, let location): return "--tokens \(location ?? path): \(breach.description)"
        }
    }

}
