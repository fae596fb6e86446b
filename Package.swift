// swift-tools-version:6.0
// PieceBox: a headless stage for SwiftUI pieces, scripted in Lua 5.4.
// Layers point one way: piecebox → LuaHost (LuaEditor → LuaRunner → LuaBindings → LuaGoldens → LuaRuntime)
// → PieceKit → Foundation. No outside packages.
import PackageDescription

let package = Package(
    name: "PieceBox",
    products: [
        .executable(name: "piecebox", targets: ["piecebox"]),
        .library(name: "PieceKit", targets: ["PieceKit"]),
        .library(name: "LuaHost", targets: ["LuaHost"]),
    ],
    targets: [
        // Debian's liblua5.4-dev, found through pkg-config.
        .systemLibrary(
            name: "CLua",
            pkgConfig: "lua5.4",
            providers: [.apt(["liblua5.4-dev"])]
        ),
        // The only code that may raise a Lua error (longjmp): trampolines, allocator, hook, protected helpers.
        .target(name: "CLuaShim", dependencies: ["CLua"]),
        // The one call the worker processes need that Swift cannot make (prctl is variadic): die with the runner.
        .target(name: "CWorkerShim"),
        // Everything headless: motion, clock, text, pieces, mocks, stage. No Lua here.
        .target(name: "PieceKit"),
        // LuaHost is five targets, each a folder of Sources/LuaHost, so a use that points up a layer does not compile
        // (ARCHITECTURE.md, "Layers"). No layout in any of them.
        // The Lua runtime (Sandbox/, Bridge/, Lua/): lua_State, limits, the C trampoline bridge, classes and their
        // declarations. It is Sources/LuaHost less the other layers' folders, since Lua/ must stay a plugin's input
        // (listed in `sources:`, the .lua files would go to the compiler): a new folder there joins it unless excluded.
        // The host's own Lua is in Sources/LuaHost/Lua/*.lua; EmbedLua compiles it into the binary as `LuaSources`.
        .target(name: "LuaRuntime", dependencies: ["PieceKit", "CLua", "CLuaShim"],
                path: "Sources/LuaHost", exclude: ["Bindings", "Goldens", "Runner", "Editor", "LuaHost.swift"],
                plugins: ["EmbedLua"]),
        // Goldens: where they are kept, when they are recorded, obsolete ones, header notes.
        .target(name: "LuaGoldens", dependencies: ["LuaRuntime"], path: "Sources/LuaHost/Goldens"),
        // One binding file per exposed type, and the file's context they share.
        .target(name: "LuaBindings", dependencies: ["LuaGoldens", "LuaRuntime", "PieceKit"],
                path: "Sources/LuaHost/Bindings"),
        // The runner: tests, plans, reports, explorations, plugins.
        .target(name: "LuaRunner", dependencies: ["LuaBindings"], path: "Sources/LuaHost/Runner"),
        // What editors read: stubs, the luacheck configuration, the API reference.
        .target(name: "LuaEditor", dependencies: ["LuaRunner"], path: "Sources/LuaHost/Editor"),
        // `import LuaHost` is all of them (LuaHost.swift re-exports each).
        .target(name: "LuaHost", dependencies: ["LuaEditor", "LuaRunner", "LuaBindings", "LuaGoldens", "LuaRuntime"],
                path: "Sources/LuaHost", exclude: ["Sandbox", "Bridge", "Lua", "Goldens", "Bindings", "Runner", "Editor"]),
        // Build-time only: turns those .lua files into one Swift file (run by the EmbedLua plugin).
        .executableTarget(name: "LuaEmbedder"),
        .plugin(name: "EmbedLua", capability: .buildTool(), dependencies: ["LuaEmbedder"]),
        // Its Templates/*.lua (what `piecebox init` writes) are compiled in the same way.
        .executableTarget(name: "piecebox", dependencies: ["LuaHost", "PieceKit", "CWorkerShim"], plugins: ["EmbedLua"]),
        // Speed and memory targets (scripts/bench), never part of the tests.
        .executableTarget(name: "piecebench", dependencies: ["LuaHost", "PieceKit"]),
        .testTarget(name: "PieceKitTests", dependencies: ["PieceKit"]),
        .testTarget(name: "LuaHostTests", dependencies: [
            "LuaHost", "LuaEditor", "LuaRunner", "LuaBindings", "LuaGoldens", "LuaRuntime", "PieceKit",
        ]),
        // The command line end to end: worker processes, log and golden files (runs the built piecebox).
        .testTarget(name: "PieceboxTests", dependencies: ["piecebox", "LuaHost", "PieceKit"]),
    ]
)
