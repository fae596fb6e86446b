// Turns the host's .lua files into one Swift file, so their text is compiled into the binary (a piecebox copied
// anywhere still has it; nothing is read next to the executable). Run by the EmbedLua build-tool plugin:
//     LuaEmbedder <output.swift> <file.lua>...
// Each file becomes `static let <file name> = "<its text>"` in `enum LuaSources`, its text exactly as on disk.
import Foundation

/// Why the generator stopped, printed as "LuaEmbedder: <message>" (the build then fails with it).
struct EmbedError: Error {
    let message: String
}

/// A file's name without ".lua", when it can name a Swift constant as it is.
func constantName(of path: String) throws -> String {
    let file = URL(fileURLWithPath: path).lastPathComponent
    guard file.hasSuffix(".lua") else { throw EmbedError(message: "\(path): not a .lua file") }
    let name = String(file.dropLast(4))
    let letters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_")
    let digits = Set("0123456789")
    guard let first = name.first, letters.contains(first), name.allSatisfy({ letters.contains($0) || digits.contains($0) })
    else {
        throw EmbedError(message: "\(path): the file name must be letters, digits and '_' (it names a Swift constant)")
    }
    guard name != "all" else { throw EmbedError(message: "\(path): 'all' is the list of every file; name it otherwise") }
    return name
}

/// The text as the body of a multi-line Swift string literal: each Lua line stays a line (so the generated file
/// reads like the Lua), and everything Swift would read differently is escaped: backslashes, quotes, carriage
/// returns, tabs and other control characters, and a line's trailing blanks.
func literalBody(_ text: String) -> String {
    var out = ""
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        if index > 0 { out += "\n" }
        let scalars = Array(line.unicodeScalars)
        var end = scalars.count
        while end > 0, scalars[end - 1] == " " || scalars[end - 1] == "\t" { end -= 1 }
        for (i, s) in scalars.enumerated() {
            switch s {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case " " where i >= end: out += "\\u{20}"
            default:
                if s.value < 0x20 || s.value == 0x7F { out += "\\u{\(String(s.value, radix: 16))}" } else { out.unicodeScalars.append(s) }
            }
        }
    }
    return out
}

func generate(_ arguments: [String]) throws {
    guard arguments.count >= 2 else { throw EmbedError(message: "usage: LuaEmbedder <output.swift> <file.lua>...") }
    let output = arguments[0]
    var seen: [String: String] = [:]
    var entries: [(name: String, file: String, text: String)] = []
    for path in arguments.dropFirst() {
        let name = try constantName(of: path)
        if let other = seen[name] { throw EmbedError(message: "\(path) and \(other) would both be LuaSources.\(name)") }
        seen[name] = path
        guard let data = FileManager.default.contents(atPath: path) else { throw EmbedError(message: "\(path): cannot read it") }
        guard let text = String(data: data, encoding: .utf8), !text.contains("\0") else {
            throw EmbedError(message: "\(path): not UTF-8 text")
        }
        entries.append((name, URL(fileURLWithPath: path).lastPathComponent, text))
    }
    // Sorted by name, so the generated file is the same however the build lists the inputs.
    entries.sort { $0.name < $1.name }
    var swift = """
        // Generated at build time by LuaEmbedder (the EmbedLua plugin) from LuaHost's .lua files (Sources/LuaHost/Lua).
        // Do not edit: change the .lua files.

        /// The host's own Lua, one constant per file in Sources/LuaHost/Lua, named after it; the text is the file's.
        enum LuaSources {

        """
    for entry in entries {
        swift += "    /// Lua/\(entry.file)\n"
        // In backquotes, so a file may be named like a Swift keyword (`class.lua`).
        swift += "    static let `\(entry.name)` = \"\"\"\n\(literalBody(entry.text))\n\"\"\"\n\n"
    }
    swift += "    /// Every file by name (\"expect.lua\"), in name order, for the tests that hold the files and the binary alike.\n"
    swift += "    static let all: [(file: String, text: String)] = [\n"
    for entry in entries { swift += "        (\"\(entry.file)\", `\(entry.name)`),\n" }
    swift += "    ]\n}\n"
    // Written only when it changed, so an unchanged file does not make LuaHost compile again.
    if FileManager.default.contents(atPath: output) == Data(swift.utf8) { return }
    guard FileManager.default.createFile(atPath: output, contents: Data(swift.utf8)) else {
        throw EmbedError(message: "\(output): cannot write it")
    }
}

do {
    try generate(Array(CommandLine.arguments.dropFirst()))
} catch let error as EmbedError {
    FileHandle.standardError.write(Data("LuaEmbedder: \(error.message)\n".utf8))
    exit(1)
}
