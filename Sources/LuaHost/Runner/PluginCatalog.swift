import Foundation
import PieceKit

/// The plugins a run was given with `--plugins DIR`: a folder holding `plugin.lua` is one plugin; a folder of
/// such folders is several, taken in name order. A plugin's name is its folder's name.
struct PluginCatalog {
    struct Plugin: Equatable {
        let name: String
        /// Its folder: where its own `require`s look.
        let folder: String
        /// The manifest file, as error messages name it.
        let manifestPath: String
        /// The manifest as the file holds it, byte for byte (Lua strings are bytes, not repaired text).
        let source: Data
    }

    static let manifestName = "plugin.lua"

    /// Finds every plugin in `folders`, in the order given; a plugin folder reached twice (by its real path) is
    /// loaded once, where it was first named. Fails with a message naming the folder at fault: a missing folder,
    /// or one with no manifest in it or in any folder directly below it, or two plugin folders with one name.
    static func discover(in folders: [String]) -> Result<[Plugin], PluginError> {
        let files = FileManager.default
        var plugins: [Plugin] = []
        for folder in folders {
            var isDirectory: ObjCBool = false
            guard files.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
                return .failure(PluginError("--plugins \(folder): no such folder"))
            }
            let url = URL(fileURLWithPath: folder)
            var found: [URL] = []
            if files.fileExists(atPath: url.appendingPathComponent(manifestName).path) {
                found = [url]
            } else {
                let children = (try? files.contentsOfDirectory(atPath: folder)) ?? []
                for child in children.sorted() where !child.hasPrefix(".") {
                    let sub = url.appendingPathComponent(child)
                    if files.fileExists(atPath: sub.appendingPathComponent(manifestName).path) { found.append(sub) }
                }
            }
            guard !found.isEmpty else {
                return .failure(PluginError(
                    "--plugins \(folder): no \(manifestName) in it or in the folders directly inside it"))
            }
            for pluginFolder in found {
                let manifest = pluginFolder.appendingPathComponent(manifestName).path
                let name = pluginFolder.lastPathComponent
                // The folder named with --plugins is the user's choice; what is inside it is the plugin author's,
                // so neither a plugin folder nor its manifest may be a link out of it (as for `require`).
                let realFolder: String
                switch FolderBoundary.resolve(pluginFolder.path, inside: folder) {
                case .inside(let real): realFolder = real
                case .outside(let real):
                    return .failure(PluginError("plugin '\(name)': \(pluginFolder.path) is a link out of \(folder) (to \(real)); links out of a plugin folder are refused"))
                case .missing: return .failure(PluginError("plugin '\(name)': cannot read \(pluginFolder.path)"))
                }
                let source: Data
                switch FolderBoundary.resolve(manifest, inside: realFolder) {
                case .inside(let real):
                    switch RegularFile.read(real) {
                    case .success(let data): source = data
                    case .failure(let problem):
                        return .failure(PluginError("plugin '\(name)': cannot read \(manifest): \(problem.reason)"))
                    }
                case .outside(let real):
                    return .failure(PluginError("plugin '\(name)': \(manifest) is a link out of its plugin folder (to \(real)); links out of a plugin folder are refused"))
                case .missing: return .failure(PluginError("plugin '\(name)': cannot read \(manifest)"))
                }
                // One folder named twice (a header and --plugins, or two spellings of its path) is one plugin.
                if plugins.contains(where: { $0.folder == realFolder }) { continue }
                if let other = plugins.first(where: { $0.name == name }) {
                    return .failure(PluginError(
                        "plugin '\(name)': two plugins share the name (\(other.manifestPath) and \(manifest))"))
                }
                plugins.append(Plugin(name: name, folder: realFolder, manifestPath: manifest, source: source))
            }
        }
        return .success(plugins)
    }
}

struct PluginError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
