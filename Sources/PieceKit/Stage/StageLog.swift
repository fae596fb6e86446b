/// The stage's frame log: where the lines go, how their numbers are written, the buffer each line is built in, and
/// a flush that failed where it could not throw. A room of its own because the frame loop only hands it each frame
/// (`write`) and each operation's end (`flush`): how a line is made and when a failure is told are its business.
struct StageLog {
    /// Where the lines go; nil while no log is attached.
    var sink: (any FrameLogSink)?
    var format = JSONNumberFormat.standard
    /// The frame line's bytes, reused every frame.
    var writer = FrameLogWriter()
    /// A flush that failed where it could not throw, reported by the next frame.
    var pendingFailure: String?

    /// Throws the failure of a flush kept from before (once: it is let go as it is thrown).
    mutating func reportFailure() throws(StageError) {
        guard let failure = pendingFailure else { return }
        pendingFailure = nil
        throw .logFailed(failure)
    }

    /// `frame`'s line, built in the reused buffer (valid until the next line). The stage hands it to `sink` itself,
    /// so no call out to the sink runs while this room is being changed.
    mutating func line(for frame: Frame) -> [UInt8] {
        writer.write(frame, format: format)
        return writer.bytes
    }

    /// Keeps a flush's failure for the next frame to report (the first one, while none was reported).
    mutating func keep(failure: String) {
        if pendingFailure == nil { pendingFailure = failure }
    }
}
