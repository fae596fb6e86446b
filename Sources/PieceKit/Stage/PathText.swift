/// Path arithmetic on plain text. Foundation's own (`NSString.deletingLastPathComponent`, `URL`'s) traps on some
/// short paths a user can type (`a`, `/a`, `.`, `a/`), so every path that comes from a command line, a scenario or
/// a header goes through these, which never trap.
public enum PathText {
    /// The folder part of `path`, as the shell's `dirname` sees it but with "" for a bare name: "a/b" → "a",
    /// "a" → "", "/a" → "/", "a/" → "", "a//b/" → "a". Trailing slashes are not a component.
    public static func parent(_ path: String) -> String {
        var bytes = Array(path.utf8)
        while bytes.count > 1, bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        var head = Array(bytes[..<slash])
        while head.count > 1, head.last == UInt8(ascii: "/") { head.removeLast() }
        if head.isEmpty { return "/" }
        return String(decoding: head, as: UTF8.self)
    }

    /// The last component of `path`, trailing slashes ignored: "a/b.lua" → "b.lua", "a/" → "a", "/" → "/".
    public static func lastComponent(_ path: String) -> String {
        var bytes = Array(path.utf8)
        while bytes.count > 1, bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
        if bytes == [UInt8(ascii: "/")] { return "/" }
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return String(decoding: bytes, as: UTF8.self) }
        return String(decoding: bytes[(slash + 1)...], as: UTF8.self)
    }

    /// `name` inside `folder`: "" joins to the name alone; one slash between them.
    public static func join(_ folder: String, _ name: String) -> String {
        if folder.isEmpty { return name }
        if name.isEmpty { return folder }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// `path` made absolute against `cwd` (not normalised: "." and ".." stay, for realpath to resolve).
    public static func absolute(_ path: String, cwd: String) -> String {
        path.hasPrefix("/") ? path : join(cwd, path)
    }

    /// The path from the folder `from` to `to`, both absolute and normalised ("/a/b", "/a/c/d" → "../c/d"; the
    /// same folder → "."): how a file written in one folder names a place another file named from its own.
    public static func relative(from: String, to: String) -> String {
        let base = from.split(separator: "/"), target = to.split(separator: "/")
        var common = 0
        while common < base.count, common < target.count, base[common] == target[common] { common += 1 }
        let parts = Array(repeating: "..", count: base.count - common) + target[common...].map(String.init)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}
