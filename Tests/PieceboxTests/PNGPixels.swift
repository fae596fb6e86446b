import Foundation

/// The pixels of a PNG screenshot, read without any image library (the tests must run where only Chromium is
/// installed): 8-bit RGB or RGBA, not interlaced, which is what headless Chromium writes. A small inflater after
/// zlib's own reference decoder (puff): stored, fixed and dynamic Huffman blocks.
struct PNGPixels {
    struct Problem: Error, CustomStringConvertible { let description: String }

    let width: Int
    let height: Int
    private let channels: Int
    private let rows: [UInt8]

    /// The colour at (x, y), top left being (0, 0), as 0–255 red, green, blue.
    func rgb(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
        guard x >= 0, y >= 0, x < width, y < height else { return (-1, -1, -1) }
        let at = y * width * channels + x * channels
        return (Int(rows[at]), Int(rows[at + 1]), Int(rows[at + 2]))
    }

    init(contentsOf path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else { throw Problem(description: "no file at \(path)") }
        try self.init(Array(data))
    }

    init(_ bytes: [UInt8]) throws {
        guard bytes.count > 8, Array(bytes[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else {
            throw Problem(description: "not a PNG")
        }
        func u32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        var at = 8, header: [UInt8] = [], compressed: [UInt8] = []
        while at + 12 <= bytes.count {
            let length = u32(at), type = String(decoding: bytes[at + 4..<at + 8], as: UTF8.self)
            guard at + 12 + length <= bytes.count else { throw Problem(description: "a chunk runs past the end") }
            let body = bytes[at + 8..<at + 8 + length]
            if type == "IHDR" { header = Array(body) }
            if type == "IDAT" { compressed += body }
            if type == "IEND" { break }
            at += 12 + length
        }
        guard header.count == 13 else { throw Problem(description: "no IHDR") }
        let w = header[0..<4].reduce(0) { $0 << 8 | Int($1) }, h = header[4..<8].reduce(0) { $0 << 8 | Int($1) }
        guard header[8] == 8, header[12] == 0, header[9] == 2 || header[9] == 6 else {
            throw Problem(description: "only 8-bit RGB or RGBA without interlacing (bit depth \(header[8]), colour type \(header[9]))")
        }
        let channels = header[9] == 6 ? 4 : 3
        guard compressed.count > 2 else { throw Problem(description: "no image data") }
        var inflater = Inflater(Array(compressed.dropFirst(2)))   // the zlib header
        let raw = try inflater.inflate()
        let stride = w * channels
        guard raw.count >= h * (stride + 1) else { throw Problem(description: "\(raw.count) bytes of image data, \(h * (stride + 1)) expected") }
        // Undo each row's filter (PNG's five: none, sub, up, average, Paeth).
        var out = [UInt8](repeating: 0, count: h * stride)
        for y in 0..<h {
            let filter = raw[y * (stride + 1)], line = y * (stride + 1) + 1
            for i in 0..<stride {
                let a = i >= channels ? Int(out[y * stride + i - channels]) : 0
                let b = y > 0 ? Int(out[(y - 1) * stride + i]) : 0
                let c = i >= channels && y > 0 ? Int(out[(y - 1) * stride + i - channels]) : 0
                let predicted: Int
                switch filter {
                case 0: predicted = 0
                case 1: predicted = a
                case 2: predicted = b
                case 3: predicted = (a + b) / 2
                case 4:
                    let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    predicted = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                default: throw Problem(description: "row \(y) has filter \(filter)")
                }
                out[y * stride + i] = UInt8((Int(raw[line + i]) + predicted) & 0xFF)
            }
        }
        (width, height, self.channels, rows) = (w, h, channels, out)
    }
}

/// DEFLATE (RFC 1951), decoded one bit at a time: slow, short, enough for a test's screenshot.
private struct Inflater {
    let input: [UInt8]
    var position = 0, bitBuffer = 0, bitCount = 0
    var output: [UInt8] = []

    init(_ input: [UInt8]) { self.input = input }

    struct Huffman { var counts = [Int](repeating: 0, count: 16); var symbols: [Int] = [] }

    mutating func bits(_ n: Int) throws -> Int {
        while bitCount < n {
            guard position < input.count else { throw PNGPixels.Problem(description: "the compressed data ends early") }
            bitBuffer |= Int(input[position]) << bitCount
            position += 1
            bitCount += 8
        }
        let value = bitBuffer & ((1 << n) - 1)
        bitBuffer >>= n
        bitCount -= n
        return value
    }

    static func huffman(_ lengths: [Int]) -> Huffman {
        var h = Huffman()
        for l in lengths { h.counts[l] += 1 }
        h.counts[0] = 0
        var offsets = [Int](repeating: 0, count: 16)
        for l in 1..<15 { offsets[l + 1] = offsets[l] + h.counts[l] }
        h.symbols = [Int](repeating: 0, count: lengths.count)
        for (symbol, l) in lengths.enumerated() where l != 0 {
            h.symbols[offsets[l]] = symbol
            offsets[l] += 1
        }
        return h
    }

    mutating func decode(_ h: Huffman) throws -> Int {
        var code = 0, first = 0, index = 0
        for l in 1...15 {
            code |= try bits(1)
            let count = h.counts[l]
            if code - count < first { return h.symbols[index + (code - first)] }
            index += count
            first = (first + count) << 1
            code <<= 1
        }
        throw PNGPixels.Problem(description: "a bad Huffman code")
    }

    static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distanceBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
    static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    mutating func codes(_ lengths: Huffman, _ distances: Huffman) throws {
        while true {
            var symbol = try decode(lengths)
            if symbol < 256 { output.append(UInt8(symbol)); continue }
            if symbol == 256 { return }
            symbol -= 257
            guard symbol < 29 else { throw PNGPixels.Problem(description: "a bad length code") }
            let length = Self.lengthBase[symbol] + (try bits(Self.lengthExtra[symbol]))
            let d = try decode(distances)
            guard d < 30 else { throw PNGPixels.Problem(description: "a bad distance code") }
            let distance = Self.distanceBase[d] + (try bits(Self.distanceExtra[d]))
            guard distance <= output.count else { throw PNGPixels.Problem(description: "a distance before the start") }
            for _ in 0..<length { output.append(output[output.count - distance]) }
        }
    }

    mutating func inflate() throws -> [UInt8] {
        var last = 0
        repeat {
            last = try bits(1)
            switch try bits(2) {
            case 0:
                bitBuffer = 0; bitCount = 0
                guard position + 4 <= input.count else { throw PNGPixels.Problem(description: "a stored block runs past the end") }
                let length = Int(input[position]) | Int(input[position + 1]) << 8
                position += 4
                guard position + length <= input.count else { throw PNGPixels.Problem(description: "a stored block runs past the end") }
                output += input[position..<position + length]
                position += length
            case 1:
                let fixed = (0..<288).map { $0 < 144 ? 8 : $0 < 256 ? 9 : $0 < 280 ? 7 : 8 }
                try codes(Self.huffman(fixed), Self.huffman([Int](repeating: 5, count: 30)))
            case 2:
                let nlen = try bits(5) + 257, ndist = try bits(5) + 1, ncode = try bits(4) + 4
                let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
                var codeLengths = [Int](repeating: 0, count: 19)
                for i in 0..<ncode { codeLengths[order[i]] = try bits(3) }
                let lengthCode = Self.huffman(codeLengths)
                var lengths: [Int] = []
                while lengths.count < nlen + ndist {
                    let symbol = try decode(lengthCode)
                    switch symbol {
                    case 0..<16: lengths.append(symbol)
                    case 16:
                        guard let previous = lengths.last else { throw PNGPixels.Problem(description: "a repeat with nothing before it") }
                        lengths += [Int](repeating: previous, count: 3 + (try bits(2)))
                    case 17: lengths += [Int](repeating: 0, count: 3 + (try bits(3)))
                    default: lengths += [Int](repeating: 0, count: 11 + (try bits(7)))
                    }
                }
                try codes(Self.huffman(Array(lengths[0..<nlen])), Self.huffman(Array(lengths[nlen..<nlen + ndist])))
            default:
                throw PNGPixels.Problem(description: "a block of type 3")
            }
        } while last == 0
        return output
    }
}
