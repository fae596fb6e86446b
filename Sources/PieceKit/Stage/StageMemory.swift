/// The stage's memory counters: what a script can make it hold, counted as it changes so `Stage.heldBytes` never
/// walks the pieces, frames or events to answer a host's memory cap.
struct StageMemory {
    /// Bytes a host copied for the stage's pieces out of what its script gave them (names, texts, shape and
    /// section lists), let go with the stage.
    var keptBytes = 0
    /// The pieces' names, as `FrameSize` counts texts.
    var slotNameBytes = 0
    /// The pieces that keep a script's texts (`HoldsScriptTexts`), in the order they were added.
    var textHolders: [any HoldsScriptTexts] = []
    /// The events waiting for the next rendered frame, as `FrameSize` counts them (a kept frame counts its own).
    var pendingEventBytes = 0

    /// Counts a piece just put on the stage: its name, and its texts if it keeps a script's.
    mutating func added(_ piece: any StagePiece, name: String) {
        slotNameBytes += FrameSize.textBytes(name)
        if let holder = piece as? any HoldsScriptTexts { textHolders.append(holder) }
    }

    /// Lets go of a piece taken off the stage.
    mutating func removed(_ piece: any StagePiece) {
        slotNameBytes -= FrameSize.textBytes(piece.name)
        textHolders.removeAll { $0 === piece }
    }

    /// The rule `Stage.heldBytes` documents: 4 KiB for the stage, 1 KiB a piece, the counted texts and events,
    /// the kept frames, 128 bytes and the label for each pending work, 16 bytes each Reduce Motion change.
    func heldBytes(pieces: Int, historyBytes: Int, scheduler: Scheduler, reduceMotionChanges: Int) -> Int {
        var pieceTexts = 0
        for holder in textHolders { pieceTexts += holder.heldTextBytes }
        return 4096 + pieces * 1024 + slotNameBytes + pieceTexts + historyBytes + scheduler.heldEntries * 128
            + scheduler.labelBytes + pendingEventBytes + keptBytes + reduceMotionChanges * 16
    }
}
