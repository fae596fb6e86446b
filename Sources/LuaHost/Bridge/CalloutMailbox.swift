import CLuaShim

/// Where an error of the script's own code that the host called (a Lua piece's layout or handler, a Lua player's
/// function, `s:after`/`s:every` work) waits: such code runs inside the stage's work, where a Lua error must not
/// unwind, so `LuaState.callOut` posts its failure here and the call goes on. The trampoline (`host_call` in
/// shim.c) looks when each host call from Lua ends and raises the letter there, so the error surfaces
/// at the script line of the call that ran the code, whichever call it was; no binding raises it itself.
///
/// One per Lua state, not per stage: the trampoline knows the state, not which stage a call concerns (a handler
/// on one stage may drive another; a constructor or a plugin function belongs to none). Host calls nest strictly
/// (Lua → host → Lua → host; none can yield), so a letter belongs to the host call running when it was posted,
/// known by its depth: work that failed earlier in an `s:advance` is not raised inside later work's own calls.
/// The count of letters waiting sits in the C limits (`pb_limits.letters`), so a host call with none to raise,
/// nearly every one, ends after reading one number.
final class CalloutMailbox {
    /// By host-call depth (`pb_limits.host_depth` when posted): the first error posted during that call.
    private var letters: [Int32: String] = [:]

    /// Keeps the first error of the running host call; later ones during the same call are dropped (the first
    /// one caused them, or they wait behind it, as a script stops at its first error).
    func post(_ error: String, _ limits: UnsafeMutablePointer<pb_limits>) {
        let depth = limits.pointee.host_depth
        guard letters[depth] == nil else { return }
        letters[depth] = error
        limits.pointee.letters += 1
    }

    /// The running host call's letter, taken out: it ends now.
    func take(_ limits: UnsafeMutablePointer<pb_limits>) -> String? {
        guard let letter = letters.removeValue(forKey: limits.pointee.host_depth) else { return nil }
        limits.pointee.letters -= 1
        return letter
    }
}

extension LuaState {
    /// Posts an error of the script's own code for the host call from Lua that ran it (see `CalloutMailbox`).
    package func post(_ error: String) {
        mailbox.post(error, pb_limits_of(L))
    }
}
