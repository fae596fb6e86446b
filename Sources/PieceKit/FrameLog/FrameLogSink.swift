/// Where frame log lines go: one call per line, without the newline. The Lua host routes them to a
/// `JSONLogFile`; tests can collect them in memory (`FrameLogLines`) or pass a closure.
public protocol FrameLogSink: AnyObject {
    func receive(line: String) throws
    /// A frame's line as UTF-8 bytes, without the newline: what the stage hands over on every frame, so a sink
    /// that writes bytes never builds a string. By default it is decoded and passed to `receive(line:)`.
    func receive(utf8 line: [UInt8]) throws
    /// Hands what the sink holds to the OS. The stage calls it when each of its operations (advance, frames,
    /// settle, runUntil, jump) returns, so between a script's calls everything rendered is in the file.
    func flush() throws
}

extension FrameLogSink {
    public func receive(utf8 line: [UInt8]) throws {
        try receive(line: String(decoding: line, as: UTF8.self))
    }

    public func flush() throws {}
}

extension JSONLogFile: FrameLogSink {
    public func receive(line: String) throws {
        try write(line: line)
    }

    public func receive(utf8 line: [UInt8]) throws {
        try write(utf8: line)
    }
}

/// A sink made of a closure.
public final class FrameLogClosureSink: FrameLogSink {
    private let body: (String) throws -> Void
    public init(_ body: @escaping (String) throws -> Void) { self.body = body }
    public func receive(line: String) throws { try body(line) }
}

/// A sink that keeps the lines in memory.
public final class FrameLogLines: FrameLogSink {
    public private(set) var lines: [String] = []
    public init() {}
    public func receive(line: String) throws { lines.append(line) }
    /// The whole log as JSON Lines text.
    public var text: String { lines.map { $0 + "\n" }.joined() }
}

extension Stage {
    /// Starts the frame log: writes the header line now (with the current environment and tokens), then one line
    /// per rendered frame. Replaces any earlier sink. Numbers in element values use `format`; times always use
    /// six decimals (enough to tell frames apart at any real frame rate).
    public func attachLog(_ sink: any FrameLogSink, scenario: String, test: String? = nil, tokenSet: String? = nil,
                          format: JSONNumberFormat = .standard) throws(StageError) {
        let header = FrameLog.header(scenario: scenario, test: test, fps: fps, environment: environment,
                                     tokens: tokens, tokenSet: tokenSet, format: format,
                                     gesturePrediction: gesturePrediction)
        do { try sink.receive(line: header) } catch { throw .logFailed("\(error)") }
        log.sink = sink
        log.format = format
    }

    /// `attachLog` with a closure taking each line.
    public func attachLog(scenario: String, test: String? = nil, format: JSONNumberFormat = .standard,
                          _ body: @escaping (String) throws -> Void) throws(StageError) {
        try attachLog(FrameLogClosureSink(body), scenario: scenario, test: test, format: format)
    }

    /// Stops logging; frames are still kept in `history`.
    public func detachLog() {
        flushLog()
        log.sink = nil
    }
}
