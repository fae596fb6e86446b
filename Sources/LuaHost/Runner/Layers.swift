// The layers this target stands on (Package.swift; ARCHITECTURE.md, "Layers"), imported once for all its files.
@_exported import LuaBindings
