import Foundation

/// The source of the scenario file and of each module it requires, by chunk name, as the file's state loaded
/// them: an exploration's minimal scenario copies functions from them (`FunctionSource`). A plugin's chunks and
/// text a script loads itself are not here, so nothing but the scenario's own project is ever copied out.
final class ChunkTexts {
    private var texts: [String: Data] = [:]

    func keep(_ data: Data, chunkName: String) {
        if texts[chunkName] == nil { texts[chunkName] = data }
    }

    func text(of chunkName: String) -> [UInt8]? { texts[chunkName].map { Array($0) } }
}
