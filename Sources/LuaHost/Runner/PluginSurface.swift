import Foundation
import PieceKit

/// What loaded plugins add to the objects scripts hold, found by loading them as a scenario would (into a sandbox
/// of their own, under the default limits), for `piecebox stubs --plugins DIR`.
public enum PluginSurface {
    /// Why the plugins could not be read: the message of the first that failed to load.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The methods and piece types the plugins in `folders` add, or why they could not be loaded.
    public static func members(ofPluginsIn folders: [String]) -> Result<[PluginLoader.Member], Failure> {
        var options = RunOptions()
        options.pluginFolders = folders
        return members(options)
    }

    /// As `members(ofPluginsIn:)`, the plugins of `options` loaded under its limits and with its library folders,
    /// as a run loads them (`piecebox stubs` does this in a worker process, under the run's hard bound).
    public static func members(_ options: RunOptions) -> Result<[PluginLoader.Member], Failure> {
        let folders = options.pluginFolders
        let state: LuaState
        do { state = try LuaState(limits: options.limits) } catch { return .failure(Failure(description: "\(error)")) }
        defer { state.close() }
        // As a scenario beside the first folder would be: its plugins, its modules.
        let path = PathText.join(folders.first ?? ".", "=plugins.lua")
        let context = BindingContext(state: state, path: path, options: options)
        defer { context.finish() }
        let setup: ScenarioSetup
        switch ScenarioRunner.prepare(path, data: Data(), options: options) {
        case .failure(let problem): return .failure(Failure(description: problem.message))
        case .success(let found): setup = found
        }
        if case .failure(let problem) = ScenarioRunner.installHost(state, context: context, path: path,
                                                                   options: options, modules: setup.modules, source: Data()) {
            return .failure(Failure(description: problem.message))
        }
        Bindings.install(into: context, describe: .onFirstUse)
        state.startDeadline()
        var members: [PluginLoader.Member] = []
        if let failure = PluginLoader.load(setup.plugins, into: state, record: { members.append($0) }) {
            return .failure(Failure(description: failure))
        }
        return .success(members)
    }
}
