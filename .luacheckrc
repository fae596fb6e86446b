-- luacheck's settings for the host's own Lua (Sources/LuaHost/Lua; scripts/test runs luacheck over it).
-- Each file is a chunk the host runs in a scenario's state: the globals below are the ones it defines or reads.
std = "lua54"
-- Error messages stay whole on one line, so a message can be found in the source by searching for it.
max_line_length = false

local lua = "Sources/LuaHost/Lua/"
-- The hardening replaces or removes what scenarios must not reach.
files[lua .. "sandbox.lua"] = {
  globals = { "dofile", "loadfile", string = { fields = { "dump", "format" } }, coroutine = { fields = { "close" } },
              math = { fields = { "randomseed" } } },
}
-- The test framework's globals are set by framework.lua; expect.lua, loaded on first use, reads `series` as a script
-- may have replaced it.
files[lua .. "framework.lua"] = { globals = { "expect", "expectExtend", "series" } }
files[lua .. "expect.lua"] = { read_globals = { "series" } }
files[lua .. "tests.lua"] = {
  globals = { "test", "it", "describe", "xtest", "xit", "beforeAll", "afterAll", "beforeEach", "afterEach", "explore" },
}
-- Loaded after the test framework and the bindings, whose globals they use.
files[lua .. "plugins.lua"] = { read_globals = { "expectExtend", "motion" } }
files[lua .. "tokens.lua"] = { read_globals = { "motion" } }
-- What `piecebox init` writes (Sources/piecebox/Init/Templates): scenarios, reading the globals a scenario has.
files["Sources/piecebox/Init/Templates/"] = { read_globals = { "test", "expect", "Stage", "motion" } }
