import Foundation
import PieceKit

/// Where `require` may look: the scenario's folder, the project's Lua library folders and plugin folders.
/// A module name is dotted words (`helpers.frames`); it can never name a path outside these folders.
package struct ModulePaths: Sendable {
    var roots: [String]

    package init(roots: [String]) { self.roots = roots }

    /// The source and chunk name of `name`, or a message that says what was wrong and where it looked.
    package func resolve(_ name: String) -> Result<(source: Data, chunkName: String), LuaHostError> {
        let valid = !name.isEmpty && name.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { part in
            !part.isEmpty && part.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" } && part.allSatisfy(\.isASCII)
        }
        guard valid else {
            return .failure(.message(
                "require: '\(name)' is not a module name; use dotted words such as \"helpers.frames\" (no slashes, no '..')"))
        }
        let relative = name.replacingOccurrences(of: ".", with: "/")
        var looked: [String] = []
        for root in roots {
            let rootPath = FolderBoundary.realPath(root) ?? URL(fileURLWithPath: root).standardizedFileURL.path
            for candidate in [relative + ".lua", relative + "/init.lua"] {
                let path = (rootPath as NSString).appendingPathComponent(candidate)
                looked.append(path)
                switch FolderBoundary.resolve(path, inside: rootPath) {
                case .missing:
                    continue
                case .outside(let real):
                    return .failure(.message("require: '\(name)' resolves outside its folder (\(real)); links out of the allowed folders are refused"))
                case .inside(let real):
                    // Only a regular file, opened without waiting: a pipe named like a module is refused, not awaited.
                    switch RegularFile.read(real) {
                    case .success(let data):
                        // Byte for byte: a Latin-1 byte in a string literal stays one byte.
                        return .success((data, "@" + Self.display(real)))
                    case .failure(let problem):
                        return .failure(.message("require: cannot read \(real): \(problem.reason)"))
                    }
                }
            }
        }
        return .failure(.message("require: module '\(name)' not found; looked in: \(looked.joined(separator: ", "))"))
    }

    /// A path relative to the working directory when it is below it, so messages stay short.
    static func display(_ path: String) -> String {
        let cwd = FileManager.default.currentDirectoryPath
        if path.hasPrefix(cwd + "/") { return String(path.dropFirst(cwd.count + 1)) }
        return path
    }
}
