// `import LuaHost` brings every layer of the host, so the command line, the benchmarks and the tests need no
// import per layer. Each layer is its own target (Package.swift; ARCHITECTURE.md, "Layers").
@_exported import LuaEditor
@_exported import LuaRunner
@_exported import LuaBindings
@_exported import LuaGoldens
@_exported import LuaRuntime
