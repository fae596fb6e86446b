/// Writes frame log lines as UTF-8 bytes into one buffer kept from frame to frame, reading the frame's columns
/// (its layout's names, its buffer of numbers) directly: the same bytes
/// `FrameLog.line(for:format:)` builds as text, without a string per number or per nested object: the frame log
/// is written once per rendered frame, so its cost is paid on every frame of every logged run.
///
/// Events are rare and keep the text path (`FrameLog.write(_:into:)` on a `StageEvent`).
public struct FrameLogWriter {
    /// The latest line, without its newline. Valid until the next `write`.
    public private(set) var bytes: [UInt8] = []
    /// The pieces part of a line for `templateLayout`, numbers left out; `cuts[i]` is where number `i` goes.
    private var template: [UInt8] = []
    private var cuts: [Int] = []
    private var templateLayout: FrameLayout?
    private var templateFormat = JSONNumberFormat.standard
    /// Where `writeNumbersQuickly` builds the pieces part of a line, kept from frame to frame.
    private var scratch: [UInt8] = []

    public init() {
        bytes.reserveCapacity(4096)
    }

    /// Replaces `bytes` with the line for `frame`.
    public mutating func write(_ frame: Frame, format: JSONNumberFormat) {
        bytes.removeAll(keepingCapacity: true)
        append(#"{"frame":"#)
        appendInteger(frame.index)
        append(#","t":"#)
        FrameLog.timeFormat.write(frame.time, into: &bytes)
        append(#","pieces":{"#)
        if frame.layout !== templateLayout || format != templateFormat {
            buildTemplate(frame.layout, format: format)
        }
        // The layout's text with each number written into its place.
        if !writeNumbersQuickly(frame.values, format: format) {
            writeNumbers(frame.values, format: format)
        }
        append(#"},"events":["#)
        for (index, event) in frame.events.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            var object = JSONObject(format: format)
            FrameLog.write(event, into: &object)
            append(object.json)
        }
        append("]}")
    }

    /// The template with every number in its place, written into `scratch` with plain stores and added to `bytes`
    /// in one copy. Only numbers that integer arithmetic formats (`FastRounding`, at most `FastRounding.maxBytes`
    /// each) fit the room made; a frame holding any other returns false having written nothing.
    private mutating func writeNumbersQuickly(_ values: [Double], format: JSONNumberFormat) -> Bool {
        let count = min(values.count, cuts.count)
        let room = template.count + count * FastRounding.maxBytes
        if scratch.count < room { scratch = [UInt8](repeating: 0, count: room) }
        let decimals = format.decimals
        let written = scratch.withUnsafeMutableBufferPointer { out -> Int? in
            guard let to = out.baseAddress else { return nil }
            return template.withUnsafeBufferPointer { text -> Int? in
                cuts.withUnsafeBufferPointer { cuts -> Int? in
                    values.withUnsafeBufferPointer { values -> Int? in
                        guard let from = text.baseAddress else { return nil }
                        var at = 0
                        var start = 0
                        for index in 0..<count {
                            let cut = cuts[index]
                            (to + at).update(from: from + start, count: cut - start)
                            at += cut - start
                            guard let scaled = FastRounding(values[index], decimals: decimals) else { return nil }
                            at += scaled.write(into: UnsafeMutableBufferPointer(start: to + at, count: out.count - at))
                            start = cut
                        }
                        (to + at).update(from: from + start, count: text.count - start)
                        return at + text.count - start
                    }
                }
            }
        }
        guard let written else { return false }
        scratch.withUnsafeBufferPointer { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<written])) }
        return true
    }

    /// The template with every number in its place, each through `format` (any number, any length).
    private mutating func writeNumbers(_ values: [Double], format: JSONNumberFormat) {
        let template = self.template, cuts = self.cuts
        template.withUnsafeBufferPointer { text in
            values.withUnsafeBufferPointer { values in
                var start = 0
                for index in 0..<min(values.count, cuts.count) {
                    let cut = cuts[index]
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[start..<cut]))
                    format.write(values[index], into: &bytes)
                    start = cut
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[start...]))
            }
        }
    }

    // MARK: The layout's text

    /// Writes the pieces part of a line for `layout` with every number left out, noting where each goes: frames
    /// that share a layout share everything but their numbers (names, braces, attributes), so it is written once.
    private mutating func buildTemplate(_ layout: FrameLayout, format: JSONNumberFormat) {
        let line = bytes
        bytes.removeAll(keepingCapacity: true)
        cuts.removeAll(keepingCapacity: true)
        for (pieceIndex, piece) in layout.pieces.enumerated() {
            if pieceIndex > 0 { bytes.append(UInt8(ascii: ",")) }
            appendKey(piece.name)
            bytes.append(UInt8(ascii: "{"))
            for (elementIndex, element) in piece.elements.enumerated() {
                if elementIndex > 0 { bytes.append(UInt8(ascii: ",")) }
                appendKey(element.name)
                bytes.append(UInt8(ascii: "{"))
                var first = true
                for name in element.numberNames {
                    if !first { bytes.append(UInt8(ascii: ",")) }
                    first = false
                    appendKey(name)
                    cuts.append(bytes.count)
                }
                for attribute in element.attributes {
                    if !first { bytes.append(UInt8(ascii: ",")) }
                    first = false
                    appendKey(attribute.name)
                    switch attribute.value {
                    case .number(let x): format.write(x, into: &bytes)
                    case .text(let s): appendString(s)
                    case .bool(let b): append(b ? "true" : "false")
                    }
                }
                bytes.append(UInt8(ascii: "}"))
            }
            bytes.append(UInt8(ascii: "}"))
        }
        template = bytes
        bytes = line
        templateLayout = layout
        templateFormat = format
    }

    // MARK: Pieces of a line

    private mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    private mutating func appendInteger(_ value: Int) {
        append(String(value))
    }

    /// `"key":`, escaped as `JSONString` escapes (names almost never need it, so the common case is one copy).
    private mutating func appendKey(_ key: String) {
        appendString(key)
        bytes.append(UInt8(ascii: ":"))
    }

    private mutating func appendString(_ text: String) {
        var text = text
        let plain = text.withUTF8 { utf8 -> Bool in
            guard !utf8.contains(where: JSONString.needsEscape) else {
                return false
            }
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: utf8)
            bytes.append(UInt8(ascii: "\""))
            return true
        }
        if !plain { append(JSONString.quoted(text)) }
    }
}
