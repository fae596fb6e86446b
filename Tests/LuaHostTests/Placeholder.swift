import Testing
@testable import LuaHost
