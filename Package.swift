// swift-tools-version:6.0
// PieceBox: a headless stage for SwiftUI pieces, scripted in Lua 5.4.
// Layers point one way: piecebox → LuaHost → PieceKit → Foundation. No outside packages.
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
        // The sandbox and the bindings. No layout here.
        // The host's own Lua is in Sources/LuaHost/Lua/*.lua; EmbedLua compiles it into the binary as `LuaSources`.
        .target(name: "LuaHost", dependencies: ["PieceKit", "CLua", "CLuaShim"], plugins: ["EmbedLua"]),
        // Build-time only: turns those .lua files into one Swift file (run by the EmbedLua plugin).
        .executableTarget(name: "LuaEmbedder"),
        .plugin(name: "EmbedLua", capability: .buildTool(), dependencies: ["LuaEmbedder"]),
        // Its Templates/*.lua (what `piecebox init` writes) are compiled in the same way.
        .executableTarget(name: "piecebox", dependencies: ["LuaHost", "PieceKit", "CWorkerShim"], plugins: ["EmbedLua"]),
        // Speed and memory targets (scripts/bench), never part of the tests.
        .executableTarget(name: "piecebench", dependencies: ["LuaHost", "PieceKit"]),
        .testTarget(name: "PieceKitTests", dependencies: ["PieceKit"]),
        .testTarget(name: "LuaHostTests", dependencies: ["LuaHost", "PieceKit"]),
        // The command line end to end: worker processes, log and golden files (runs the built piecebox).
        .testTarget(name: "PieceboxTests", dependencies: ["piecebox", "LuaHost", "PieceKit"]),
    ]
)
