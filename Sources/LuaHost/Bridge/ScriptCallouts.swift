import CLua
import CLuaShim
import PieceKit

/// Every call the host makes into a script's own function (a Lua piece's layout and handlers, a Lua player's
/// functions, a script's `s:after`/`s:every` work) goes through `callOut`, so two rules hold for all of them:
///
/// - **No clock moves inside one.** The call is marked in the state's `StageCallouts`, which every stage of the
///   file shares: `s:advance`, a gesture, anything that renders frames or moves the clock is refused there with a
///   message naming the call, as it would otherwise render frames inside the handler (and the frames could call the
///   handler again, nested without end).
/// - **A failure is raised at the script line that ran it.** The call itself cannot raise (it runs inside the
///   stage's work, with Swift frames around it), so the failure is posted to the state's `CalloutMailbox` and the
///   trampoline raises it when the host call from Lua that ran this one returns.
/// - **A failure is said once.** A handler that fails because a call it made failed in the same handler (a key
///   handler pressing the key again) would repeat "card: onKey failed: " once per level; the chain is said once
///   with its depth: "card: onKey failed (nested 47 deep): <the innermost message>".
extension LuaState {
    /// Calls the function under `nargs` arguments on the stack, protected, with the message handler at `handler`,
    /// as `call`. Returns nil when it returned, else the failure as the script will read it ("card: onKey failed:
    /// …", without the traceback), which is posted. The results, or the error value, are left on the stack.
    @discardableResult
    package func callOut(_ call: StageCallouts.Call, nargs: Int32, results: Int32, handler: Int32) -> String? {
        // An outermost call starts a chain of its own: no failure from before it can be nested inside it.
        if callouts.running.isEmpty { lastCalloutFailure = nil }
        callouts.begin(call)
        let status = pb_pcall(L, nargs, results, handler)
        callouts.end()
        guard status != LUA_OK else { return nil }
        let text = errorText(at: -1)
        let message = text.components(separatedBy: "\nstack traceback:").first ?? text
        let failure = failure(of: call, message)
        post(failure)
        return failure
    }

    /// "<who> failed: <message>", or, when `message` carries the failure this state reported last (a call out
    /// that failed inside this one, raised through the script), the chain in one line with its depth.
    func failure(of call: StageCallouts.Call, _ message: String) -> String {
        let head = Self.failureHead(call)
        var chain = CalloutFailure(head: head, depth: 1, innermost: message, through: [])
        if let inner = lastCalloutFailure, message.hasSuffix(inner.text) {
            chain.depth = inner.depth + 1
            chain.innermost = inner.innermost
            for name in [inner.head] + inner.through where name != head && !chain.through.contains(name) {
                chain.through.append(name)
            }
        }
        lastCalloutFailure = chain
        return chain.text
    }

    /// Who failed, as failures have always been named: "card: onKey", "player:onSkip", "after(0.5)".
    private static func failureHead(_ call: StageCallouts.Call) -> String {
        switch call.kind {
        case .piece: return "\(call.owner): \(call.role)"
        case .player: return "\(call.owner):\(call.role)"
        case .scheduled: return StageCallouts.Call.clipped(call.owner)
        }
    }
}

extension LuaCall {
    /// Refuses a change a script asks of `stage` (`what`: "change card's state") inside a call that only reads
    /// (`Stage.stateChangeRefusal`), naming both.
    package func refuseChange(on stage: Stage, _ what: String) throws {
        if let text = stage.stateChangeRefusal(what) { throw refusal(text) }
    }
}

/// A failure as `callOut` said it, kept so the call out around it can tell it carries it.
struct CalloutFailure {
    var head: String
    /// How many calls out failed, one inside the other, the innermost being the one that failed first.
    var depth: Int
    /// The innermost call's own message.
    var innermost: String
    /// The other calls out the chain passed through, outermost first.
    var through: [String]

    var text: String {
        guard depth > 1 else { return "\(head) failed: \(innermost)" }
        let others = through.isEmpty ? "" : ", through \(through.joined(separator: ", "))"
        return "\(head) failed (nested \(depth) deep\(others)): \(innermost)"
    }
}
