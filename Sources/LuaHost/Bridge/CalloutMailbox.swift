/// Where an error of the script's own code that the host called (a Lua piece's layout or handler, a Lua player's
/// function, `s:after`/`s:every` work) waits: such code runs inside the stage's work, where a Lua error must not
/// unwind, so `LuaState.callOut` posts its failure here and the call goes on. The trampoline's Swift side
/// (`dispatchFromLua`) empties the box when each host call from Lua ends and raises the letter there, so the error
/// surfaces at the script line of the call that ran the code, whichever call it was; no binding raises it itself.
///
/// One per Lua state, not per stage: the trampoline knows the state, not which stage a call concerns (a handler
/// on one stage may drive another; a constructor or a plugin function belongs to none). Host calls nest strictly
/// (Lua → host → Lua → host; none can yield), so each keeps its own letter: a host call puts the letter of the
/// call around it aside when it starts and gives it back when it ends, and an error posted while it ran is its own.
final class CalloutMailbox {
    /// The first error posted during the running host call.
    private(set) var letter: String?

    /// Keeps the first error; later ones during the same host call are dropped (the first one caused them, or
    /// they wait behind it, as a script stops at its first error).
    func post(_ error: String) {
        if letter == nil { letter = error }
    }

    /// A host call starts: the letter of the call around it, put aside.
    func open() -> String? {
        defer { letter = nil }
        return letter
    }

    /// The host call ends: its own letter, with the outer call's put back.
    func close(restoring outer: String?) -> String? {
        defer { letter = outer }
        return letter
    }
}
