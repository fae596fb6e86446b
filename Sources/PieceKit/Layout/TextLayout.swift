/// A `Text` set in a width: its lines, whether the last ends in an ellipsis, and the size it answers.
struct TextLayout: Equatable {
    var size: Size
    var lines: Int
    var truncated: Bool
}

/// How a `Text` answers a proposal.
///
/// - Proposed nothing across (nil or infinity), it is its unwrapped lines (one per paragraph): its ideal size.
/// - Proposed a width, it wraps at spaces into lines no wider than the width; a word wider than the width alone
///   is broken between characters (at least one character a line; a decision, as the breaking of over-long words
///   is not documented). It answers the width of its widest line, not the proposal.
/// - A `lineLimit`, or a height too short for every line, keeps that many lines (never fewer than one) and ends
///   the last in an ellipsis, cutting characters from its end until the line and ellipsis fit (tail truncation).
///   A limit that reserves space (`lineLimit(n, reservesSpace: true)`) makes the text n lines tall however few it
///   has, as SwiftUI documents; its width is still its widest line's.
/// - Proposed a width of exactly 0 it is 0 wide (one line tall, nothing shown), so stacks see it as fully
///   compressible; proposed 0 × 0 it is 0 × 0. An empty string is 0 × 0.
/// - Heights are whole line boxes (`TextMetrics.lineBoxHeight`); widths are rounded up to the device pixel grid,
///   as the platform measures text. Whether a line fits is decided on the unrounded width.
extension LayoutPass {
    func textLayout(_ n: Int, _ p: ProposedSize) -> TextLayout {
        let node = tree.nodes[n]
        guard case .text(let string) = node.base else { return TextLayout(size: .zero, lines: 0, truncated: false) }
        let box = metrics.lineBoxHeight(for: node.font, displayScale: context.displayScale)
        if string.isEmpty || (p.width == 0 && p.height == 0) {
            return TextLayout(size: .zero, lines: 0, truncated: !string.isEmpty)
        }
        if p.width == 0 { return reserving(node, box, TextLayout(size: Size(width: 0, height: box), lines: 1, truncated: true)) }
        let maxWidth = p.width ?? .infinity
        let lines = wrapped(n, string, node.font, maxWidth)
        var keep = min(node.lineLimit ?? Int.max, lines.count)
        if let h = p.height, h.isFinite, box > 0 {
            let fit = (h + 1e-9) / box
            keep = min(keep, fit >= Double(Int.max / 2) ? Int.max : max(1, Int(fit)))
        }
        return reserving(node, box, cachedTextLayout(n, width: maxWidth, keep: keep) {
            setLines(n, node, lines, keep: keep, maxWidth: maxWidth, box: box)
        })
    }

    /// `layout`, as tall as the lines its limit reserves when it has fewer.
    private func reserving(_ node: LayoutNode, _ box: Double, _ layout: TextLayout) -> TextLayout {
        guard node.reservesLines, let limit = node.lineLimit, layout.lines < limit else { return layout }
        var reserved = layout
        reserved.size.height = Double(limit) * box
        return reserved
    }

    /// The first `keep` lines of a text's `lines`, the last truncated when lines were cut.
    private func setLines(_ n: Int, _ node: LayoutNode, _ wrapped: [TextLine], keep: Int, maxWidth: Double,
                          box: Double) -> TextLayout {
        var lines = wrapped
        var truncated = false
        if keep < lines.count {
            truncated = true
            var rest: [Character] = []
            for line in lines[(keep - 1)...] {
                if !rest.isEmpty { rest.append(" ") }
                rest += line.characters
            }
            lines = Array(lines[..<(keep - 1)])
            let setter = LineSetter(rest, font: node.font, advances: advances(node.font), metrics: metrics)
            lines.append(setter.truncated(maxWidth))
        }
        let widest = lines.map(\.width).max() ?? 0
        return TextLayout(size: Size(width: pixelCeil(widest), height: Double(lines.count) * box),
                          lines: lines.count, truncated: truncated)
    }

    /// Rounded up to the device pixel grid (`1 / displayScale`).
    func pixelCeil(_ x: Double) -> Double {
        let scale = context.displayScale
        guard scale > 0, scale.isFinite, x.isFinite else { return x }
        return ((x * scale) - 1e-9).rounded(.up) / scale
    }
}

/// A line: its characters (a slice of its paragraph's, nothing copied) and its width.
struct TextLine {
    var characters: ArraySlice<Character>
    var width: Double
}

/// Sets one paragraph: each character's advance once, so lines and truncation are measured by sums.
struct LineSetter {
    let characters: [Character]
    /// `prefix[i]` is the width of the first `i` characters.
    let prefix: [Double]
    let ellipsisWidth: Double

    init(_ characters: [Character], font: Font, advances: FontAdvances, metrics: TextMetrics) {
        self.characters = characters
        var prefix = [0.0]
        prefix.reserveCapacity(characters.count + 1)
        for c in characters {
            prefix.append(prefix[prefix.count - 1] + advances.advance(c, font: font, metrics: metrics))
        }
        self.prefix = prefix
        ellipsisWidth = advances.ellipsis
    }

    func width(_ a: Int, _ b: Int) -> Double { prefix[b] - prefix[a] }

    func line(_ a: Int, _ b: Int) -> TextLine { TextLine(characters: characters[a..<b], width: width(a, b)) }

    /// Greedy wrapping at spaces; a word too wide alone is broken between characters.
    func wrap(_ maxWidth: Double) -> [TextLine] {
        let limit = maxWidth + 1e-9
        var lines: [TextLine] = []
        var start = 0
        let n = characters.count
        if n == 0 { return [TextLine(characters: [], width: 0)] }
        while start < n {
            if width(start, n) <= limit { lines.append(line(start, n)); break }
            // The last space at which the line still fits.
            var end = start
            var i = start
            while i < n {
                if characters[i] == " " {
                    if width(start, i) <= limit { end = i } else { break }
                }
                i += 1
            }
            if end > start {
                lines.append(line(start, end))
                start = end
                while start < n, characters[start] == " " { start += 1 }
            } else {
                // No space fits: break the first word between characters.
                var stop = start + 1
                while stop < n, characters[stop] != " ", width(start, stop + 1) <= limit { stop += 1 }
                lines.append(line(start, stop))
                start = stop
                while start < n, characters[start] == " " { start += 1 }
            }
        }
        return lines
    }

    /// The text cut at the tail so that it and an ellipsis fit (at least the ellipsis).
    func truncated(_ maxWidth: Double) -> TextLine {
        let limit = maxWidth + 1e-9
        var end = characters.count
        while end > 0, width(0, end) + ellipsisWidth > limit { end -= 1 }
        while end > 0, characters[end - 1] == " " { end -= 1 }
        return TextLine(characters: characters[..<end] + Array(LayoutConstants.ellipsis),
                        width: width(0, end) + ellipsisWidth)
    }
}

/// One font's advances for printable ASCII and its ellipsis, looked up once a pass rather than once a character.
struct FontAdvances {
    let ascii: [Double]
    let ellipsis: Double

    init(_ font: Font, metrics: TextMetrics) {
        ascii = (0x20...0x7E).map { metrics.advance(of: Character(Unicode.Scalar($0)!), font: font) ?? 0 }
        ellipsis = metrics.width(of: LayoutConstants.ellipsis, font: font)
    }

    func advance(_ c: Character, font: Font, metrics: TextMetrics) -> Double {
        if let ascii = c.asciiValue, ascii >= 0x20, ascii <= 0x7E { return self.ascii[Int(ascii) - 0x20] }
        return metrics.width(of: String(c), font: font)
    }
}
