import Foundation
import LuaHost
import PieceKit

/// The one way `piecebox stubs` writes what it generates (the type stubs, luacheck's settings) into a folder:
/// planned first (the folder inside its project, nothing through a link out), never over a file of that name the
/// command did not write, then each file written whole.
enum GeneratedFiles {
    /// Writes `files` (name, text) into `folder`; `what` names them in messages; `ours(path)` says whether a file
    /// already there is one this command wrote (`whose` says what it is otherwise). Returns the exit status.
    static func write(_ files: [(name: String, text: String)], into folder: String, what: String,
                      ours: (String) -> Bool, whose: String) -> Int32 {
        var plan = OutputPlan()
        if let root = plan.folder(folder, "the folder of \(what) (--out \(folder))") {
            for file in files {
                let path = PathText.join(folder, file.name)
                if RegularFile.entryKind(at: path) != nil, !ours(path) {
                    plan.input(path, "\(path), which \(whose)")
                }
                plan.file(path, what, boundary: .folder(root, "the folder \(folder)"))
            }
        }
        do { try plan.check() } catch {
            writeErr("piecebox stubs: \(error); nothing was written")
            return 1
        }
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
            writeErr("piecebox stubs: cannot make \(folder): \(error.localizedDescription)")
            return 1
        }
        for file in files {
            let path = PathText.join(folder, file.name)
            if case .failure(let problem) = AtomicFile.write(Data(file.text.utf8), to: path) {
                writeErr("piecebox stubs: cannot write \(path): \(problem.reason)")
                return 1
            }
            writeOut("wrote \(path)")
        }
        return 0
    }
}
