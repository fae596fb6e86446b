// Compiles the host's Lua into the binary: hands every .lua file of the target to LuaEmbedder, which writes one
// Swift file (`enum LuaSources`) that the target then compiles with its own sources.
import Foundation
import PackagePlugin

@main
struct EmbedLua: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let inputs = target.sourceFiles(withSuffix: "lua").map(\.url).sorted { $0.path < $1.path }
        let output = context.pluginWorkDirectoryURL.appending(path: "LuaSources.swift")
        return [.buildCommand(displayName: "Embedding \(inputs.count) Lua files in \(target.name)",
                              executable: try context.tool(named: "LuaEmbedder").url,
                              arguments: [output.path] + inputs.map(\.path),
                              inputFiles: inputs, outputFiles: [output])]
    }
}
